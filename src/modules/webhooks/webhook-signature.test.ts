import { describe, expect, it } from 'vitest';
import { newWebhookSecret, signWebhook, webhookHeaders } from './webhook-signature.js';

describe('webhook signatures (Standard Webhooks)', () => {
  it('matches the published Standard Webhooks test vector', () => {
    // From the Standard Webhooks reference libraries' tests.
    const signature = signWebhook('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}');
    expect(signature).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('gives the three headers; another secret, body or timestamp gives another signature', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const headers = webhookHeaders(secret, 'evt_1', 1700000000, '{"a":1}');
    expect(headers).toEqual({
      'webhook-id': 'evt_1',
      'webhook-timestamp': '1700000000',
      'webhook-signature': signWebhook(secret, 'evt_1', 1700000000, '{"a":1}'),
    });
    expect(signWebhook(newWebhookSecret(), 'evt_1', 1700000000, '{"a":1}')).not.toBe(headers['webhook-signature']);
    expect(signWebhook(secret, 'evt_1', 1700000000, '{"a":2}')).not.toBe(headers['webhook-signature']);
    expect(signWebhook(secret, 'evt_1', 1700000001, '{"a":1}')).not.toBe(headers['webhook-signature']);
  });
});
