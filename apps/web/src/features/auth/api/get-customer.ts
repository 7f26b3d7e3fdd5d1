import { type CustomerInfo, customerInfoSchema } from '@ojo/api-contract/customer';
import { apiClient } from '@/lib/api-client';

/** `GET /customer` (secure): the user info of spec 3 for the session. */
export async function getCustomer(): Promise<CustomerInfo> {
  const { obj } = await apiClient.call({
    host: 'customer',
    path: '/customer',
    secure: true,
    schema: customerInfoSchema,
  });
  if (!obj) throw new Error('The customer service answered no customer');
  return obj;
}
