import type { LocaleData } from './types.js';

/** German (Germany, Austria, Switzerland). */
export const de: LocaleData = {
  lang: 'de',
  countries: ['DE', 'AT', 'CH'],
  date_order: 'dmy',
  months: [
    ['januar', 'jänner', 'jan'],
    ['februar', 'feb'],
    ['märz', 'mär', 'maerz'],
    ['april', 'apr'],
    ['mai'],
    ['juni', 'jun'],
    ['juli', 'jul'],
    ['august', 'aug'],
    ['september', 'sep', 'sept'],
    ['oktober', 'okt'],
    ['november', 'nov'],
    ['dezember', 'dez'],
  ],
  labels: {
    'vendor.name': ['lieferant', 'verkäufer', 'rechnungssteller'],
    'customer.name': ['kunde', 'rechnungsempfänger', 'empfänger', 'auftraggeber'],
    'invoice.number': ['rechnungsnummer', 'rechnungs-nr', 'rechnung nr', 'rechnungsnr', 'belegnummer', 'beleg-nr', 'bon-nr', 'quittung nr'],
    'invoice.date': ['datum', 'rechnungsdatum', 'belegdatum', 'ausstellungsdatum', 'auszugsdatum'],
    'invoice.due_date': ['fällig am', 'fälligkeitsdatum', 'fällig', 'zahlbar bis', 'zahlungsziel'],
    'invoice.po_number': ['bestellnummer', 'bestell-nr', 'auftragsnummer', 'auftrags-nr'],
    'invoice.subtotal': ['zwischensumme', 'nettobetrag', 'summe netto', 'netto', 'gesamt netto'],
    'invoice.tax': ['mwst', 'mwst.', 'ust', 'ust.', 'mehrwertsteuer', 'umsatzsteuer', 'zzgl. mwst'],
    'invoice.total': ['gesamtbetrag', 'rechnungsbetrag', 'summe', 'gesamt', 'gesamtsumme', 'endbetrag', 'zu zahlen', 'bruttobetrag', 'gesamt brutto'],
    'contact.email': ['e-mail', 'email', 'e-mail-adresse'],
    'contact.phone': ['telefon', 'tel', 'tel.', 'fon', 'mobil', 'handy'],
    'payment.iban': ['iban', 'kontonummer'],
    'tax.id': ['ust-idnr', 'ust-id', 'ust-id-nr', 'ust.-idnr', 'umsatzsteuer-id', 'ust-identifikationsnummer', 'steuernummer', 'mwst-nr', 'uid', 'uid-nr'],
  },
  document_titles: {
    invoice: ['rechnung', 'rechnungskopie'],
    receipt: ['quittung', 'kassenbon', 'kassenbeleg'],
    credit_note: ['gutschrift', 'rechnungskorrektur', 'stornorechnung'],
    statement: ['kontoauszug', 'auszug', 'kontoübersicht'],
    form: ['formular'],
  },
  party_labels: {
    issuer: ['rechnungssteller', 'lieferant', 'verkäufer', 'absender'],
    customer: ['rechnungsempfänger', 'rechnungsadresse', 'kunde', 'empfänger'],
  },
};
