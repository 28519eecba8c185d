import { graphql } from '../../__generated__/gql';

export const AccountSignInMutation = graphql(`
  mutation AccountSignIn($email: String!, $password: String!) {
    generateCustomerToken(email: $email, password: $password) {
      token
    }
  }
`);

export const AccountSignOutMutation = graphql(`
  mutation AccountSignOut {
    revokeCustomerToken {
      result
    }
  }
`);

export const AccountCreateMutation = graphql(`
  mutation AccountCreate($input: CustomerCreateInput!) {
    createCustomerV2(input: $input) {
      customer {
        email
      }
    }
  }
`);

export const AccountRequestResetMutation = graphql(`
  mutation AccountRequestReset($email: String!) {
    requestPasswordResetEmail(email: $email)
  }
`);

export const AccountResetPasswordMutation = graphql(`
  mutation AccountResetPassword($email: String!, $token: String!, $password: String!) {
    resetPassword(email: $email, resetPasswordToken: $token, newPassword: $password)
  }
`);

export const AccountUpdateMutation = graphql(`
  mutation AccountUpdate($input: CustomerUpdateInput!) {
    updateCustomerV2(input: $input) {
      customer {
        firstname
        lastname
        is_subscribed
      }
    }
  }
`);

export const AccountUpdateEmailMutation = graphql(`
  mutation AccountUpdateEmail($email: String!, $password: String!) {
    updateCustomerEmail(email: $email, password: $password) {
      customer {
        email
      }
    }
  }
`);

export const AccountChangePasswordMutation = graphql(`
  mutation AccountChangePassword($current: String!, $next: String!) {
    changeCustomerPassword(currentPassword: $current, newPassword: $next) {
      email
    }
  }
`);

export const AccountCreateAddressMutation = graphql(`
  mutation AccountCreateAddress($input: CustomerAddressInput!) {
    createCustomerAddress(input: $input) {
      ...AccountAddressFields
    }
  }
`);

export const AccountUpdateAddressMutation = graphql(`
  mutation AccountUpdateAddress($id: Int!, $input: CustomerAddressInput!) {
    updateCustomerAddress(id: $id, input: $input) {
      ...AccountAddressFields
    }
  }
`);

export const AccountDeleteAddressMutation = graphql(`
  mutation AccountDeleteAddress($id: Int!) {
    deleteCustomerAddress(id: $id)
  }
`);

export const AccountContactMutation = graphql(`
  mutation AccountContact($input: ContactUsInput!) {
    contactUs(input: $input) {
      status
    }
  }
`);
