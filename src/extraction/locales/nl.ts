import type { LocaleData } from './types.js';

/** Dutch (Netherlands, Belgium). */
export const nl: LocaleData = {
  lang: 'nl',
  countries: ['NL', 'BE'],
  date_order: 'dmy',
  months: [
    ['januari', 'jan'],
    ['februari', 'feb'],
    ['maart', 'mrt'],
    ['april', 'apr'],
    ['mei'],
    ['juni', 'jun'],
    ['juli', 'jul'],
    ['augustus', 'aug'],
    ['september', 'sep', 'sept'],
    ['oktober', 'okt'],
    ['november', 'nov'],
    ['december', 'dec'],
  ],
  labels: {
    'vendor.name': ['leverancier', 'verkoper'],
    'customer.name': ['klant', 'factuuradres', 'afnemer'],
    'invoice.number': ['factuurnummer', 'factuurnr', 'factuur nr', 'bonnummer', 'bon nr'],
    'invoice.date': ['datum', 'factuurdatum', 'afschriftdatum'],
    'invoice.due_date': ['vervaldatum', 'uiterste betaaldatum', 'te betalen voor'],
    'invoice.po_number': ['ordernummer', 'bestelnummer', 'inkoopordernummer'],
    'invoice.subtotal': ['subtotaal', 'totaal excl. btw', 'bedrag excl. btw', 'netto bedrag'],
    'invoice.tax': ['btw', 'btw-bedrag', 'btw bedrag'],
    'invoice.total': ['totaal', 'te betalen', 'totaal incl. btw', 'totaalbedrag', 'bedrag incl. btw', 'totaal te betalen'],
    'contact.email': ['e-mail', 'email', 'e-mailadres'],
    'contact.phone': ['telefoon', 'tel', 'telefoonnummer', 'mobiel'],
    'payment.iban': ['iban', 'rekeningnummer', 'bankrekening'],
    'tax.id': ['btw-nummer', 'btw nummer', 'btw-id', 'btw-nr', 'btw nr', 'btw-identificatienummer', 'ondernemingsnummer'],
  },
};
