import { graphql } from '../../__generated__';

// The back office's operations for an order staff create (commerce/src/backOffice/schema/staffOrders.graphql).

graphql(`
  fragment StaffOrderFields on AdminStaffOrder {
    id
    customerId
    currency
    couponCode
    couponApplies
    lines {
      id
      sku
      name
      options
      quantity
      unitPrice {
        value
        currency
      }
      rowTotal {
        value
        currency
      }
      discount {
        value
        currency
      }
      error
    }
    subtotal {
      value
      currency
    }
    discounts {
      label
      amount {
        value
        currency
      }
    }
    shippingAmount {
      value
      currency
    }
    tax {
      value
      currency
    }
    grandTotal {
      value
      currency
    }
    shippingAddress
    shippingMethods {
      carrierCode
      methodCode
      title
      amount {
        value
        currency
      }
    }
    selectedShippingMethod
    paymentMethods {
      code
      title
    }
    selectedPaymentMethod
  }
`);

export const FindCustomers = graphql(`
  query StaffOrderCustomers($search: String) {
    customers(search: $search, page: 1, pageSize: 10) {
      items {
        id
        name
        email
        groupName
      }
    }
    storeViews {
      stores {
        id
        name
      }
    }
  }
`);

export const StartStaffOrder = graphql(`
  mutation StartStaffOrder($customerId: ID!, $storeViewId: ID!) {
    startStaffOrder(customerId: $customerId, storeViewId: $storeViewId) {
      ...StaffOrderFields
    }
  }
`);

export const AddStaffOrderProduct = graphql(`
  mutation AddStaffOrderProduct($input: AdminStaffOrderProductInput!) {
    addStaffOrderProduct(input: $input) {
      errors
      order {
        ...StaffOrderFields
      }
    }
  }
`);

export const ApplyStaffOrderCoupon = graphql(`
  mutation ApplyStaffOrderCoupon($id: ID!, $code: String!) {
    applyStaffOrderCoupon(id: $id, code: $code) {
      ...StaffOrderFields
    }
  }
`);

export const SetStaffOrderAddress = graphql(`
  mutation SetStaffOrderAddress($id: ID!, $address: AdminStaffOrderAddressInput) {
    setStaffOrderAddress(id: $id, address: $address) {
      ...StaffOrderFields
    }
  }
`);

export const SetStaffOrderShipping = graphql(`
  mutation SetStaffOrderShipping($id: ID!, $carrierCode: String!, $methodCode: String!) {
    setStaffOrderShippingMethod(id: $id, carrierCode: $carrierCode, methodCode: $methodCode) {
      ...StaffOrderFields
    }
  }
`);

export const SetStaffOrderPayment = graphql(`
  mutation SetStaffOrderPayment($id: ID!, $code: String!) {
    setStaffOrderPaymentMethod(id: $id, code: $code) {
      ...StaffOrderFields
    }
  }
`);

export const PlaceStaffOrder = graphql(`
  mutation PlaceStaffOrder($id: ID!) {
    placeStaffOrder(id: $id) {
      number
    }
  }
`);
