/**
 * Tool registrations, the orchestration rulebook, orchestrate and prompt assist. Routes only
 * adapt: parse, build the context, call one use case, shape the reply.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { Nullable, Ref, errorResponses } from '../../kernel/schema.js';
import { type RouteDeps, contextOf } from '../route-context.js';
import { CreateToolRegistrationBody, OrchestrationRule, OrchestrationRulesResponse, ToolInvocationResult, ToolRegistration } from './library.schemas.js';
import { createOrchestrationRule } from './orchestration/commands/create-orchestration-rule.js';
import { deleteOrchestrationRule } from './orchestration/commands/delete-orchestration-rule.js';
import { presentOrchestrationRule } from './orchestration/orchestration-rule.presenter.js';
import { listOrchestrationRules } from './orchestration/queries/list-orchestration-rules.js';
import { createToolRegistration } from './tool-registrations/commands/create-tool-registration.js';
import { deleteToolRegistration } from './tool-registrations/commands/delete-tool-registration.js';
import { invokeToolRegistration } from './tool-registrations/commands/invoke-tool-registration.js';
import { getToolRegistration } from './tool-registrations/queries/get-tool-registration.js';
import { listToolRegistrations } from './tool-registrations/queries/list-tool-registrations.js';
import { presentToolRegistration } from './tool-registrations/tool-registration.presenter.js';
import { PageQueryProperties, PagedArray, pageOf, sendPage } from '../paging.js';
import { ListViewQueryProperties, viewOf } from '../list-view-query.js';

const ToolParams = Type.Object({ tool_id: Type.String() });
const RuleParams = Type.Object({ rule_id: Type.String() });
const Ok = Type.Object({ ok: Type.Boolean() });

/** Our own body (the contract names none): one call of a registered tool. */
const InvokeToolBody = Type.Object(
  { args: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: "the tool's arguments" })) },
  { additionalProperties: false },
);

/** Our own body (the contract gives only the GET): one rule of the rulebook. */
const CreateOrchestrationRuleBody = Type.Object(
  {
    name: Type.String({ minLength: 1, description: 'unique per organization' }),
    description: Type.Optional(Nullable(Type.String())),
    when: Type.Record(Type.String(), Type.Unknown(), { description: 'JsonLogic condition over {fields, entities, text}; extra operation `mentions`' }),
    then: Type.Array(Type.Record(Type.String(), Type.Unknown()), {
      description: 'actions: {action: "set_field", key, value | fromFact, overwrite?} or {action: "bind_snippet", snippetKey, entityBindings?}',
    }),
    ordinal: Type.Optional(Nullable(Type.Integer({ minimum: 0, description: 'evaluation order; omitted: after the last rule' }))),
  },
  { additionalProperties: false },
);

const tools = ['tool-registrations'];
const orchestration = ['orchestration'];

/**
 * Registers tool registrations (+ invoke) and the orchestration rulebook on the authenticated
 * scope. Orchestrating a document and prompt assist are workflows: modules/assistants.
 */
export function registerToolRoutes(fastify: FastifyInstance, deps: RouteDeps): void {
  registerToolRegistrationCollection(fastify, deps);
  registerToolRegistrationItem(fastify, deps);
  registerOrchestrationRules(fastify, deps);
}

/** List and create tool registrations. */
function registerToolRegistrationCollection(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/v1/tool-registrations',
    {
      schema: {
        operationId: 'listToolRegistrations',
        summary: "The organization's tool registrations",
        description: "The active organization's tool registrations (data-needs of kind tool call them by name).",
        tags: tools,
        querystring: Type.Object({ ...PageQueryProperties, ...ListViewQueryProperties('oldest first', 'name') }),
        response: { 200: PagedArray(Ref(ToolRegistration)), ...errorResponses(422) },
      },
    },
    async (request, reply) => sendPage(request, reply, await listToolRegistrations(contextOf(request, deps), pageOf(request.query), viewOf(request.query))),
  );

  app.post(
    '/v1/tool-registrations',
    {
      schema: {
        operationId: 'createToolRegistration',
        summary: 'Register a built-in tool class with non-secret configuration',
        description:
          'Registers a built-in tool class with its non-secret configuration and answers 201; 422 for an unknown class, a config the class does not accept, one holding credentials or a URL naming a private, loopback or link-local address (as for a webhook); 409 when the name is taken.',
        tags: tools,
        body: Ref(CreateToolRegistrationBody),
        response: { 201: Ref(ToolRegistration), ...errorResponses(409, 422) },
      },
      // A registered tool (an MCP server, for one) receives the bearer token of every colleague
      // whose generation calls it: only owners decide where those go.
      config: { role: 'owner' },
    },
    async (request, reply) =>
      reply.status(201).send(presentToolRegistration(await createToolRegistration(contextOf(request, deps), deps.webhooks.transport, request.body))),
  );
}

/** Read, delete and invoke one tool registration. */
function registerToolRegistrationItem(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/v1/tool-registrations/:tool_id',
    {
      schema: {
        operationId: 'getToolRegistration',
        summary: 'A tool registration',
        description: 'One tool registration; 404 when absent or of another organization.',
        tags: tools,
        params: ToolParams,
        response: { 200: Ref(ToolRegistration), ...errorResponses(404) },
      },
    },
    async (request) => getToolRegistration(contextOf(request, deps), request.params.tool_id),
  );

  app.delete(
    '/v1/tool-registrations/:tool_id',
    {
      schema: {
        operationId: 'deleteToolRegistration',
        summary: 'Delete a tool registration',
        description: 'Deletes a tool registration; 404 when absent.',
        tags: tools,
        params: ToolParams,
        response: { 200: Ok, ...errorResponses(404) },
      },
      config: { role: 'owner' },
    },
    async (request) => {
      await deleteToolRegistration(contextOf(request, deps), request.params.tool_id);
      return { ok: true };
    },
  );

  app.post(
    '/v1/tool-registrations/:tool_id/invoke',
    {
      schema: {
        operationId: 'invokeToolRegistration',
        summary: 'Call a registered tool once, on behalf of the caller',
        description:
          'Calls the registered tool once with the arguments sent, on behalf of the caller, and answers with its value and source; 422 when the call fails (refused URL, timeout, bad answer), 404 when absent.',
        tags: tools,
        params: ToolParams,
        body: InvokeToolBody,
        response: { 200: Ref(ToolInvocationResult), ...errorResponses(404, 422) },
      },
    },
    async (request) => invokeToolRegistration(contextOf(request, deps), deps.tools, request.params.tool_id, request.body.args ?? {}),
  );
}

/** The orchestration rulebook: list, create and delete rules. */
function registerOrchestrationRules(fastify: FastifyInstance, deps: RouteDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/v1/orchestration-rules',
    {
      schema: {
        operationId: 'listOrchestrationRules',
        summary: 'The orchestration rulebook',
        description: 'The orchestration rulebook in evaluation order (the defaults are seeded on first use).',
        tags: orchestration,
        response: { 200: Ref(OrchestrationRulesResponse) },
      },
    },
    async (request) => listOrchestrationRules(contextOf(request, deps)),
  );

  app.post(
    '/v1/orchestration-rules',
    {
      schema: {
        operationId: 'createOrchestrationRule',
        summary: 'Add a rule to the rulebook',
        description:
          'Adds a rule (a JsonLogic condition and its actions) and answers 201 with it; 409 when the name is taken, 422 for a condition or action that does not check.',
        tags: orchestration,
        body: CreateOrchestrationRuleBody,
        response: { 201: Ref(OrchestrationRule), ...errorResponses(409, 422) },
      },
    },
    async (request, reply) => reply.status(201).send(presentOrchestrationRule(await createOrchestrationRule(contextOf(request, deps), request.body))),
  );

  app.delete(
    '/v1/orchestration-rules/:rule_id',
    {
      schema: {
        operationId: 'deleteOrchestrationRule',
        summary: 'Delete a rule of the rulebook',
        description: 'Deletes a rule of the rulebook; 404 when absent.',
        tags: orchestration,
        params: RuleParams,
        response: { 200: Ok, ...errorResponses(404) },
      },
    },
    async (request) => {
      await deleteOrchestrationRule(contextOf(request, deps), request.params.rule_id);
      return { ok: true };
    },
  );
}
