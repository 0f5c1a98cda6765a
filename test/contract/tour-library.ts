/**
 * The tour of the organization library (texts, snippets and their bindings, risk blocks,
 * voices, entities), tool registrations calling a loopback JSON API, orchestration rules and
 * the assistants (orchestrate, prompt assist, Jinja tidy).
 */
import { type Section, idOf } from './tour.js';

const texts: Section = async (tour) => {
  const c = tour.client;
  const created = await c.post(
    '/v1/texts',
    { key: `payment-terms-${tour.suffix}`, value: 'Invoices are payable within 30 days.', name: 'Payment terms', bullets: ['30 days net'] },
    201,
  );
  const id = idOf(created.body, 'text');
  await c.get('/v1/texts');
  await c.get('/v1/texts?sort=newest&q=a&limit=5');
  await c.get(`/v1/texts/${id}`);
  await c.patch(`/v1/texts/${id}`, { description: 'Standard payment clause' });
  await c.delete(`/v1/texts/${id}`);
};

const snippets: Section = async (tour) => {
  const c = tour.client;
  const text = await c.post('/v1/texts', { key: `liability-${tour.suffix}`, value: 'Liability is capped at the fees paid.' }, 201);
  const block = await c.post(
    '/v1/risk-blocks',
    {
      key: `special-data-${tour.suffix}`,
      heading: 'Special categories',
      template: 'Processing of {{ category }} data',
      statutoryRef: 'GDPR Art. 9',
      appliesTo: 'health',
    },
    201,
  );
  const blockId = idOf(block.body, 'riskBlock');
  await c.get('/v1/risk-blocks');
  await c.get('/v1/risk-blocks?sort=newest&q=a&limit=5');
  await c.get(`/v1/risk-blocks/${blockId}`);
  await c.patch(`/v1/risk-blocks/${blockId}`, { status: 'approved' });
  const snippet = await c.post('/v1/snippets', { key: `contract-basics-${tour.suffix}`, name: 'Contract basics', phaseOrder: 1 }, 201);
  const snippetId = idOf(snippet.body, 'snippet');
  await c.get('/v1/snippets');
  await c.get('/v1/snippets?sort=newest&q=a&limit=5');
  await c.get(`/v1/snippets/${snippetId}`);
  await c.patch(`/v1/snippets/${snippetId}`, { description: 'What every contract says' });
  await c.put(`/v1/snippets/${snippetId}/items`, {
    items: [
      { itemType: 'text', itemKey: text.body.key },
      { itemType: 'risk_block', itemKey: block.body.key },
    ],
  });
  const documentId = tour.state.documentId;
  // Bindings name entities by id (an unknown id is refused with 422).
  const client = await c.post('/v1/entities', { name: `Initech GmbH ${tour.suffix}`, kind: 'organization', attributes: { city: 'Berlin' } }, 201);
  const binding = await c.post(`/v1/documents/${documentId}/snippets`, { snippetId, entityBindings: { client: idOf(client.body, 'entity') } }, 201);
  const bindingId = idOf(binding.body, 'binding');
  await c.get(`/v1/documents/${documentId}/snippets`);
  await c.patch(`/v1/documents/${documentId}/snippets/${bindingId}`, { ordinal: 1 });
  await c.delete(`/v1/documents/${documentId}/snippets/${bindingId}`);
  await c.delete(`/v1/snippets/${snippetId}`);
  await c.delete(`/v1/risk-blocks/${blockId}`);
};

const voicesAndEntities: Section = async (tour) => {
  const c = tour.client;
  const voice = await c.post(
    '/v1/voices',
    { name: `Plain English ${tour.suffix}`, description: 'Short sentences. Active voice.', samples: ['We will deliver on time.'] },
    201,
  );
  const voiceId = idOf(voice.body, 'voice');
  await c.get('/v1/voices');
  await c.get('/v1/voices?sort=newest&q=a&limit=5');
  await c.get(`/v1/voices/${voiceId}`);
  await c.patch(`/v1/voices/${voiceId}`, { description: 'Short sentences.' });
  await c.delete(`/v1/voices/${voiceId}`);
  const entity = await c.post('/v1/entities', { name: 'Initech', kind: 'organization', attributes: { jurisdiction: 'Delaware' } }, 201);
  await c.get('/v1/entities');
  await c.get('/v1/entities?sort=newest&q=a&limit=5');
  const entityId = idOf(entity.body, 'entity');
  await c.get(`/v1/entities/${entityId}`);
  await c.patch(`/v1/entities/${entityId}`, { attributes: { jurisdiction: 'Delaware', employees: 40 } });
  await c.delete(`/v1/entities/${entityId}`);
};

const tools: Section = async (tour) => {
  const c = tour.client;
  const tool = await c.post(
    '/v1/tool-registrations',
    {
      name: `local-rates-${tour.suffix}`,
      category: 'finance',
      classPath: 'http.json',
      configJson: { url: `${tour.toolApi.url}/rates`, query: { currency: '{{currency}}' }, resultPath: 'data' },
    },
    201,
  );
  const toolId = idOf(tool.body, 'tool');
  await c.get('/v1/tool-registrations');
  await c.get('/v1/tool-registrations?sort=newest&q=a&limit=5');
  await c.get(`/v1/tool-registrations/${toolId}`);
  await c.post(`/v1/tool-registrations/${toolId}/invoke`, { args: { currency: 'USD' } });
  await c.delete(`/v1/tool-registrations/${toolId}`);
  await c.get('/v1/orchestration-rules');
  const rule = await c.post(
    '/v1/orchestration-rules',
    {
      name: `large-budget-${tour.suffix}`,
      description: 'Budgets over 20k are high risk',
      when: { '>': [{ var: 'entities.money.0.amount' }, 20000] },
      then: [{ action: 'set_field', key: 'risk_tier', value: 'high' }],
    },
    201,
  );
  await c.delete(`/v1/orchestration-rules/${idOf(rule.body, 'rule')}`);
};

const assistants: Section = async (tour) => {
  const c = tour.client;
  await c.post(`/v1/documents/${tour.state.documentId}/orchestrate`, {
    source_text: 'From: jane@initech.example\nWe need a DPIA: the project processes personal data of 20,000 customers, budget EUR 25,000.',
  });
  await c.post('/v1/prompt-assist', { prompt: "Summarize the vendor's security posture for the board in 5 bullets", topic: 'Vendor security' });
  await c.post('/v1/jinja/tidy', { template: '{%if client%}{{client}}{%endif%}' });
};

export const librarySections: Record<string, Section> = { texts, snippets, 'voices and entities': voicesAndEntities, tools, assistants };
