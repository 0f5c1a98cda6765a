/** The library area (issue #16): its front page, then one page per collection. */
import type { PageEntry } from '../page-entry';
import { EntitiesPage } from './entities-page';
import { LibraryIndexPage } from './library-index-page';
import { RiskBlocksPage } from './risk-blocks-page';
import { SnippetsPage } from './snippets-page';
import { ToolRegistrationsPage } from './tool-registrations-page';
import { TextsPage } from './texts-page';
import { VoicesPage } from './voices-page';
import { WebhookDeliveriesPage } from './webhook-deliveries-page';
import { WebhooksPage } from './webhooks-page';

export const LIBRARY_PAGES: readonly PageEntry[] = [
  { path: '/library', title: 'Library', section: 'library', component: LibraryIndexPage },
  { path: '/library/texts', title: 'Texts', section: 'library', component: TextsPage },
  { path: '/library/risk-blocks', title: 'Risk blocks', section: 'library', component: RiskBlocksPage },
  { path: '/library/voices', title: 'Voices', section: 'library', component: VoicesPage },
  { path: '/library/snippets', title: 'Snippets', section: 'library', component: SnippetsPage },
  { path: '/library/entities', title: 'Entities', section: 'library', component: EntitiesPage },
  { path: '/library/tool-registrations', title: 'Tool registrations', section: 'library', component: ToolRegistrationsPage },
  { path: '/library/webhooks', title: 'Webhooks', section: 'library', component: WebhooksPage },
  { path: '/library/webhooks/:webhookId', title: 'Webhook deliveries', section: 'library', component: WebhookDeliveriesPage },
];
