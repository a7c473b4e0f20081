/** The customers module's public face (ADR 025): other modules and the composition root import only this file. */
export { customersRoutes } from './customers.routes';
export {
  createCustomersService,
  presentCustomer,
  presentIndustry,
  type CustomersService,
} from './customers.service';
export {
  createCustomersRepository,
  CUSTOMER_FIELDS,
  CUSTOMER_SEARCH_FIELDS,
  INDUSTRY_FIELDS,
} from './customers.repository';
export { activeCustomersJson, customerJson } from './customer-json';
