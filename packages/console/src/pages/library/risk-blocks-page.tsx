/**
 * The organization's risk blocks: approval-gated analyses. Editors draft them; a reviewer (or
 * owner) approves one, which records who and when — only approved blocks may be finalized.
 * Changing an approved block's heading or template puts it back to draft (the approval vouched
 * for the old text), so the edit form says so.
 */
import type { QuireClient } from '@quire/client';
import { useMemo, useState } from 'react';
import { ErrorNotice } from '../../shell/api-errors';
import { can } from '../../shell/can';
import { useReadySession } from '../../shell/session';
import { type RiskBlock, createRiskBlock, deleteRiskBlock, listRiskBlocks, updateRiskBlock } from './library-api';
import { type CollectionSpec, LibraryCollection } from './library-collection';
import { type FieldSpec, type FormValues, optional } from './record-form';

const FIELDS: readonly FieldSpec[] = [
  { key: 'key', label: 'Key', kind: 'text', required: true, hint: 'Unique in the organization.' },
  { key: 'heading', label: 'Heading', kind: 'text', required: true },
  {
    key: 'template',
    label: 'Analysis template',
    kind: 'textarea',
    required: true,
    hint: 'Jinja; must parse. Changing it (or the heading) on an approved block returns it to draft.',
  },
  { key: 'appliesTo', label: 'Applies to', kind: 'text' },
  { key: 'statutoryRef', label: 'Statutory reference', kind: 'text' },
];

function bodyOf(values: FormValues) {
  return {
    key: values.key ?? '',
    heading: values.heading ?? '',
    template: values.template ?? '',
    appliesTo: optional(values.appliesTo),
    statutoryRef: optional(values.statutoryRef),
  };
}

function statusText(block: RiskBlock): string {
  if (block.status !== 'approved') return 'draft';
  const when = block.approvedAt ? new Date(block.approvedAt).toLocaleString() : '';
  return `approved${block.approvedBy ? ` by ${block.approvedBy}` : ''}${when ? ` on ${when}` : ''}`;
}

/** Approve a draft, or return an approved block to draft: one PATCH of `status`. */
function ApprovalButton({ client, block, done }: { client: QuireClient; block: RiskBlock; done(): void }) {
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const approved = block.status === 'approved';
  const toggle = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await updateRiskBlock(client, block.id, { status: approved ? 'draft' : 'approved' });
      done();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button
        type="button"
        className={approved ? 'button-quiet' : undefined}
        disabled={busy}
        aria-label={`${approved ? 'Return to draft' : 'Approve'} risk block ${block.key}`}
        onClick={() => void toggle()}
      >
        {approved ? 'Return to draft' : 'Approve'}
      </button>
      <ErrorNotice error={error} title="Not done" />
    </>
  );
}

export function RiskBlocksPage() {
  const session = useReadySession();
  const mayEdit = can(session.role, 'library.edit');
  const mayApprove = can(session.role, 'riskblock.approve');
  const client = session.client;
  const spec = useMemo<CollectionSpec<RiskBlock>>(
    () => ({
      title: 'Risk blocks',
      noun: 'risk block',
      intro: `Analyses a document may include. New blocks are drafts; ${mayApprove ? 'you can approve them' : 'a reviewer approves them'} before a document that uses them can be finalized.`,
      fields: FIELDS,
      columns: [
        { header: 'Key', cell: (block) => <code>{block.key}</code> },
        { header: 'Heading', cell: (block) => block.heading },
        { header: 'Status', cell: (block) => <span className={`badge${block.status === 'approved' ? ' badge-finalized' : ''}`}>{statusText(block)}</span> },
        { header: 'Statutory reference', cell: (block) => block.statutoryRef ?? '' },
      ],
      nameOf: (block) => block.key,
      blank: {},
      valuesOf: (block) => ({
        key: block.key,
        heading: block.heading,
        template: block.template,
        appliesTo: block.appliesTo ?? '',
        statutoryRef: block.statutoryRef ?? '',
      }),
      list: listRiskBlocks,
      filterLabel: 'Key or heading contains',
      create: (c, values) => createRiskBlock(c, bodyOf(values)),
      update: (c, id, values) => updateRiskBlock(c, id, bodyOf(values)),
      remove: deleteRiskBlock,
      mayEdit,
      readOnlyReason: `Your role (${session.role ?? 'none'}) can read the risk blocks but not change or approve them.`,
      rowActions: mayApprove ? (block, done) => <ApprovalButton client={client} block={block} done={done} /> : undefined,
    }),
    [mayEdit, mayApprove, session.role, client],
  );
  return <LibraryCollection spec={spec} />;
}
