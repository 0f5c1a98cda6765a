import type { LocaleData } from './types.js';

/** Italian (Italy, Switzerland). */
export const it: LocaleData = {
  lang: 'it',
  countries: ['IT', 'CH'],
  date_order: 'dmy',
  months: [
    ['gennaio', 'gen'],
    ['febbraio', 'feb'],
    ['marzo', 'mar'],
    ['aprile', 'apr'],
    ['maggio', 'mag'],
    ['giugno', 'giu'],
    ['luglio', 'lug'],
    ['agosto', 'ago'],
    ['settembre', 'set', 'sett'],
    ['ottobre', 'ott'],
    ['novembre', 'nov'],
    ['dicembre', 'dic'],
  ],
  labels: {
    'vendor.name': ['fornitore', 'cedente', 'venditore'],
    'customer.name': ['cliente', 'destinatario', 'cessionario', 'intestatario'],
    'invoice.number': ['numero fattura', 'fattura n', 'fattura n.', 'n. fattura', 'fattura numero', 'ricevuta n', 'scontrino n', 'numero documento'],
    'invoice.date': ['data', 'data fattura', 'data di emissione', 'data documento', "data dell'estratto"],
    'invoice.due_date': ['scadenza', 'data di scadenza', 'scadenza pagamento'],
    'invoice.po_number': ['numero ordine', 'ordine n', 'rif. ordine'],
    'invoice.subtotal': ['imponibile', 'totale imponibile', 'subtotale', 'totale netto'],
    'invoice.tax': ['iva', 'imposta', 'totale iva'],
    'invoice.total': ['totale', 'totale documento', 'totale da pagare', 'totale fattura', 'importo totale', 'netto a pagare'],
    'contact.email': ['e-mail', 'email', 'posta elettronica', 'pec'],
    'contact.phone': ['telefono', 'tel', 'cellulare'],
    'payment.iban': ['iban', 'coordinate bancarie'],
    'tax.id': ['partita iva', 'p. iva', 'p.iva', 'piva', 'p.i', 'codice fiscale e partita iva'],
  },
  document_titles: {
    invoice: ['fattura'],
    receipt: ['ricevuta', 'scontrino'],
    credit_note: ['nota di credito'],
    statement: ['estratto conto', 'estratto'],
    form: ['modulo'],
  },
  party_labels: {
    issuer: ['fornitore', 'cedente', 'venditore', 'mittente'],
    customer: ['fatturare a', 'fatturato a', 'cliente', 'destinatario', 'intestatario', 'cessionario'],
  },
};
