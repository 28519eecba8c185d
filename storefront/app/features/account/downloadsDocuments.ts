import { graphql } from '../../__generated__/gql';

// Magento's DownloadableGraphQl: the links the signed-in customer bought.
export const MyDownloadsQuery = graphql(`
  query MyDownloads {
    customerDownloadableProducts {
      items {
        date
        download_url
        order_increment_id
        remaining_downloads
        status
      }
    }
  }
`);
