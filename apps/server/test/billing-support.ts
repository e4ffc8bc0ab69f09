import { expect } from 'vitest';
import type { TestClient } from './test-app';

/** Makes the signed-in user a Pro subscriber through the local provider's test checkout. */
export async function buyPro(client: TestClient): Promise<void> {
  const checkout = await client.post('/api/billing/checkout', { plan: 'subscribed', period: 'month' });
  expect(checkout.statusCode, checkout.body).toBe(200);
  expect((await client.request('POST', `${new URL(checkout.json().url).pathname}/complete`)).statusCode).toBe(303);
  expect((await client.get('/api/me')).json().plan).toBe('subscribed');
}
