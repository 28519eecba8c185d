import { graphql } from '../../__generated__/gql';

export const SubscribeToNewsletterMutation = graphql(`
  mutation SubscribeToNewsletter($email: String!) {
    subscribeEmailToNewsletter(email: $email) {
      status
    }
  }
`);
