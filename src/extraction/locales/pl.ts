import type { LocaleData } from './types.js';

/** Polish. Month names in the genitive, as dates print them ("3 sierpnia 2014"), and the nominative. */
export const pl: LocaleData = {
  lang: 'pl',
  countries: ['PL'],
  date_order: 'dmy',
  months: [
    ['stycznia', 'styczeń', 'sty'],
    ['lutego', 'luty', 'lut'],
    ['marca', 'marzec', 'mar'],
    ['kwietnia', 'kwiecień', 'kwi'],
    ['maja', 'maj'],
    ['czerwca', 'czerwiec', 'cze'],
    ['lipca', 'lipiec', 'lip'],
    ['sierpnia', 'sierpień', 'sie'],
    ['września', 'wrzesień', 'wrz'],
    ['października', 'październik', 'paź'],
    ['listopada', 'listopad', 'lis'],
    ['grudnia', 'grudzień', 'gru'],
  ],
  labels: {
    'vendor.name': ['sprzedawca', 'dostawca', 'wystawca'],
    'customer.name': ['nabywca', 'odbiorca', 'klient'],
    'invoice.number': ['numer faktury', 'faktura nr', 'nr faktury', 'faktura vat nr', 'paragon nr', 'nr paragonu', 'numer dokumentu'],
    'invoice.date': ['data', 'data wystawienia', 'data faktury', 'data sprzedaży', 'data wyciągu'],
    'invoice.due_date': ['termin płatności', 'termin zapłaty', 'płatne do'],
    'invoice.po_number': ['numer zamówienia', 'nr zamówienia'],
    'invoice.subtotal': ['wartość netto', 'razem netto', 'suma netto', 'kwota netto'],
    'invoice.tax': ['kwota vat', 'podatek vat', 'vat'],
    'invoice.total': ['razem do zapłaty', 'do zapłaty', 'wartość brutto', 'razem brutto', 'kwota brutto', 'suma', 'razem'],
    'contact.email': ['e-mail', 'email', 'adres e-mail'],
    'contact.phone': ['telefon', 'tel', 'tel.', 'nr telefonu', 'komórka'],
    'payment.iban': ['iban', 'nr rachunku', 'numer rachunku', 'rachunek bankowy', 'nr konta'],
    'tax.id': ['nip', 'nip ue', 'numer nip'],
  },
};
