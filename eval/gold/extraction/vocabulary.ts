/**
 * The gold set's own wording: how a document in each language prints its labels, dates and
 * amounts. Written for the generator from the languages' ordinary business usage, separately
 * from the extractor's locale data (src/extraction/locales), so the gold set is not the
 * extractor's dictionary read back. Where a language has several usual labels, the
 * generator picks one per document.
 */
export type Lang = 'en' | 'de' | 'fr' | 'nl' | 'es' | 'it' | 'pl' | 'pt';
export const LANGS: Lang[] = ['en', 'de', 'fr', 'nl', 'es', 'it', 'pl', 'pt'];

export interface Vocabulary {
  country: string;
  invoice: string;
  receipt: string;
  statement: string;
  form: string;
  number: string[];
  receiptNumber: string[];
  date: string[];
  due: string[];
  subtotal: string[];
  tax: string[];
  total: string[];
  vatId: string[];
  iban: string[];
  email: string[];
  phone: string[];
  name: string[];
  months: string[];
  /** How an amount is written: thousands separator, decimal separator, symbol placement. */
  amount: { group: string; decimal: string };
  /** The standard VAT rate the tax label prints (percent). */
  vatRate: number;
  /** Long date shape: d = day, M = month name, y = year. */
  longDate: (d: number, month: string, y: number) => string;
  numericDate: (d: number, m: number, y: number) => string;
  items: string[];
  /** The label over the customer's block, and the four headers of the line-item table. */
  billTo: string;
  itemHeaders: string[];
  /** A non-invoice's title: a letter and a payment report. */
  letter: string;
  paymentReport: string;
}

const p2 = (n: number): string => String(n).padStart(2, '0');

export const VOCABULARY: Record<Lang, Vocabulary> = {
  en: {
    country: 'GB',
    invoice: 'Invoice',
    receipt: 'Receipt',
    statement: 'Account statement',
    form: 'Registration form',
    number: ['Invoice number', 'Invoice No.', 'Invoice #'],
    receiptNumber: ['Receipt no.', 'Receipt number'],
    date: ['Invoice date', 'Date', 'Date of issue'],
    due: ['Due date', 'Payment due'],
    subtotal: ['Subtotal', 'Net amount'],
    tax: ['VAT 20%', 'VAT'],
    total: ['Total', 'Amount due', 'Total due'],
    vatId: ['VAT number', 'VAT Reg. No.'],
    iban: ['IBAN'],
    email: ['Email', 'E-mail'],
    phone: ['Phone', 'Tel.'],
    name: ['Name', 'Full name'],
    months: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
    amount: { group: ',', decimal: '.' },
    vatRate: 20,
    longDate: (d, m, y) => `${d} ${m} ${y}`,
    numericDate: (d, m, y) => `${y}-${p2(m)}-${p2(d)}`,
    items: ['Consulting services', 'Office chairs', 'Printer toner', 'Software licence'],
    billTo: 'Bill to',
    itemHeaders: ['Description', 'Qty', 'Unit price', 'Amount'],
    letter: 'Letter',
    paymentReport: 'Payment report',
  },
  de: {
    country: 'DE',
    invoice: 'Rechnung',
    receipt: 'Quittung',
    statement: 'Kontoauszug',
    form: 'Anmeldeformular',
    number: ['Rechnungsnummer', 'Rechnungs-Nr.', 'Rechnung Nr.'],
    receiptNumber: ['Beleg-Nr.', 'Belegnummer'],
    date: ['Rechnungsdatum', 'Datum'],
    due: ['Fällig am', 'Zahlbar bis'],
    subtotal: ['Zwischensumme', 'Nettobetrag'],
    tax: ['MwSt. 19%', 'USt. 19%'],
    total: ['Gesamtbetrag', 'Rechnungsbetrag', 'Summe'],
    vatId: ['USt-IdNr.', 'USt-ID'],
    iban: ['IBAN'],
    email: ['E-Mail'],
    phone: ['Telefon', 'Tel.'],
    name: ['Name', 'Vor- und Nachname'],
    months: ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'],
    amount: { group: '.', decimal: ',' },
    vatRate: 19,
    longDate: (d, m, y) => `${d}. ${m} ${y}`,
    numericDate: (d, m, y) => `${p2(d)}.${p2(m)}.${y}`,
    items: ['Beratungsleistung', 'Bürostühle', 'Druckerpatronen', 'Softwarelizenz'],
    billTo: 'Rechnungsempfänger',
    itemHeaders: ['Beschreibung', 'Menge', 'Einzelpreis', 'Betrag'],
    letter: 'Mitteilung',
    paymentReport: 'Zahlungsbericht',
  },
  fr: {
    country: 'FR',
    invoice: 'Facture',
    receipt: 'Reçu',
    statement: 'Relevé de compte',
    form: "Formulaire d'inscription",
    number: ['Facture n°', 'Numéro de facture', 'N° de facture'],
    receiptNumber: ['Reçu n°', 'Ticket n°'],
    date: ['Date de facture', 'Date', "Date d'émission"],
    due: ["Date d'échéance", 'Échéance'],
    subtotal: ['Total HT', 'Montant HT'],
    tax: ['TVA 20 %', 'TVA'],
    total: ['Total TTC', 'Net à payer', 'Montant TTC'],
    vatId: ['N° TVA intracommunautaire', 'TVA intracom.'],
    iban: ['IBAN'],
    email: ['E-mail', 'Courriel'],
    phone: ['Téléphone', 'Tél.'],
    name: ['Nom', 'Nom complet'],
    months: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
    amount: { group: '\u202f', decimal: ',' },
    vatRate: 20,
    longDate: (d, m, y) => `${d} ${m} ${y}`,
    numericDate: (d, m, y) => `${p2(d)}/${p2(m)}/${y}`,
    items: ['Prestation de conseil', 'Chaises de bureau', "Cartouches d'encre", 'Licence logicielle'],
    billTo: 'Facturé à',
    itemHeaders: ['Désignation', 'Qté', 'Prix unitaire', 'Montant'],
    letter: 'Courrier',
    paymentReport: 'Rapport de paiements',
  },
  nl: {
    country: 'NL',
    invoice: 'Factuur',
    receipt: 'Kassabon',
    statement: 'Rekeningafschrift',
    form: 'Inschrijfformulier',
    number: ['Factuurnummer', 'Factuurnr.'],
    receiptNumber: ['Bonnummer', 'Bon nr.'],
    date: ['Factuurdatum', 'Datum'],
    due: ['Vervaldatum', 'Uiterste betaaldatum'],
    subtotal: ['Subtotaal', 'Totaal excl. btw'],
    tax: ['BTW 21%', 'Btw'],
    total: ['Totaal', 'Te betalen', 'Totaal incl. btw'],
    vatId: ['BTW-nummer', 'Btw-id'],
    iban: ['IBAN', 'Rekeningnummer'],
    email: ['E-mail'],
    phone: ['Telefoon', 'Tel.'],
    name: ['Naam', 'Volledige naam'],
    months: ['januari', 'februari', 'maart', 'april', 'mei', 'juni', 'juli', 'augustus', 'september', 'oktober', 'november', 'december'],
    amount: { group: '.', decimal: ',' },
    vatRate: 21,
    longDate: (d, m, y) => `${d} ${m} ${y}`,
    numericDate: (d, m, y) => `${p2(d)}-${p2(m)}-${y}`,
    items: ['Advieswerkzaamheden', 'Bureaustoelen', 'Printerinkt', 'Softwarelicentie'],
    billTo: 'Factuur aan',
    itemHeaders: ['Omschrijving', 'Aantal', 'Prijs', 'Bedrag'],
    letter: 'Brief',
    paymentReport: 'Betalingsrapport',
  },
  es: {
    country: 'ES',
    invoice: 'Factura',
    receipt: 'Recibo',
    statement: 'Extracto de cuenta',
    form: 'Formulario de inscripción',
    number: ['Número de factura', 'Factura nº', 'Nº de factura'],
    receiptNumber: ['Recibo nº', 'Ticket nº'],
    date: ['Fecha de factura', 'Fecha', 'Fecha de emisión'],
    due: ['Fecha de vencimiento', 'Vencimiento'],
    subtotal: ['Base imponible', 'Subtotal'],
    tax: ['IVA 21%', 'IVA'],
    total: ['Total', 'Importe total', 'Total a pagar'],
    vatId: ['NIF', 'CIF', 'NIF-IVA'],
    iban: ['IBAN'],
    email: ['Correo electrónico', 'E-mail'],
    phone: ['Teléfono', 'Tel.'],
    name: ['Nombre', 'Nombre completo'],
    months: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
    amount: { group: '.', decimal: ',' },
    vatRate: 21,
    longDate: (d, m, y) => `${d} de ${m} de ${y}`,
    numericDate: (d, m, y) => `${p2(d)}/${p2(m)}/${y}`,
    items: ['Servicios de consultoría', 'Sillas de oficina', 'Tóner de impresora', 'Licencia de software'],
    billTo: 'Facturar a',
    itemHeaders: ['Descripción', 'Cantidad', 'Precio unitario', 'Importe'],
    letter: 'Carta',
    paymentReport: 'Informe de pagos',
  },
  it: {
    country: 'IT',
    invoice: 'Fattura',
    receipt: 'Ricevuta',
    statement: 'Estratto conto',
    form: 'Modulo di iscrizione',
    number: ['Numero fattura', 'Fattura n.', 'N. fattura'],
    receiptNumber: ['Ricevuta n.', 'Scontrino n.'],
    date: ['Data fattura', 'Data', 'Data di emissione'],
    due: ['Scadenza', 'Data di scadenza'],
    subtotal: ['Imponibile', 'Totale imponibile'],
    tax: ['IVA 22%', 'IVA'],
    total: ['Totale', 'Totale documento', 'Totale da pagare'],
    vatId: ['Partita IVA', 'P. IVA'],
    iban: ['IBAN'],
    email: ['E-mail', 'Email'],
    phone: ['Telefono', 'Tel.'],
    name: ['Nome', 'Nome e cognome'],
    months: ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'],
    amount: { group: '.', decimal: ',' },
    vatRate: 22,
    longDate: (d, m, y) => `${d} ${m} ${y}`,
    numericDate: (d, m, y) => `${p2(d)}/${p2(m)}/${y}`,
    items: ['Servizi di consulenza', 'Sedie da ufficio', 'Toner per stampante', 'Licenza software'],
    billTo: 'Fatturare a',
    itemHeaders: ['Descrizione', 'Quantità', 'Prezzo unitario', 'Importo'],
    letter: 'Lettera',
    paymentReport: 'Rapporto pagamenti',
  },
  pl: {
    country: 'PL',
    invoice: 'Faktura VAT',
    receipt: 'Paragon',
    statement: 'Wyciąg bankowy',
    form: 'Formularz zgłoszeniowy',
    number: ['Numer faktury', 'Faktura nr', 'Nr faktury'],
    receiptNumber: ['Paragon nr', 'Nr paragonu'],
    date: ['Data wystawienia', 'Data'],
    due: ['Termin płatności', 'Termin zapłaty'],
    subtotal: ['Wartość netto', 'Razem netto'],
    tax: ['VAT 23%', 'Kwota VAT'],
    total: ['Razem do zapłaty', 'Do zapłaty', 'Wartość brutto'],
    vatId: ['NIP'],
    iban: ['IBAN', 'Nr rachunku'],
    email: ['E-mail', 'Adres e-mail'],
    phone: ['Telefon', 'Tel.'],
    name: ['Imię i nazwisko', 'Nazwa'],
    months: ['stycznia', 'lutego', 'marca', 'kwietnia', 'maja', 'czerwca', 'lipca', 'sierpnia', 'września', 'października', 'listopada', 'grudnia'],
    amount: { group: '\u00a0', decimal: ',' },
    vatRate: 23,
    longDate: (d, m, y) => `${d} ${m} ${y}`,
    numericDate: (d, m, y) => `${p2(d)}.${p2(m)}.${y}`,
    items: ['Usługi doradcze', 'Krzesła biurowe', 'Toner do drukarki', 'Licencja na oprogramowanie'],
    billTo: 'Nabywca',
    itemHeaders: ['Opis', 'Ilość', 'Cena jedn.', 'Wartość'],
    letter: 'Pismo',
    paymentReport: 'Raport płatności',
  },
  pt: {
    country: 'PT',
    invoice: 'Fatura',
    receipt: 'Recibo',
    statement: 'Extrato bancário',
    form: 'Formulário de inscrição',
    number: ['Número da fatura', 'Fatura n.º', 'N.º da fatura'],
    receiptNumber: ['Recibo n.º', 'Talão n.º'],
    date: ['Data da fatura', 'Data de emissão', 'Data'],
    due: ['Data de vencimento', 'Vencimento'],
    subtotal: ['Subtotal', 'Total sem IVA'],
    tax: ['IVA 23%', 'IVA'],
    total: ['Total', 'Total a pagar', 'Valor total'],
    vatId: ['NIF', 'Contribuinte n.º'],
    iban: ['IBAN'],
    email: ['E-mail', 'Correio eletrónico'],
    phone: ['Telefone', 'Tel.'],
    name: ['Nome', 'Nome completo'],
    months: ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'],
    amount: { group: '.', decimal: ',' },
    vatRate: 23,
    longDate: (d, m, y) => `${d} de ${m} de ${y}`,
    numericDate: (d, m, y) => `${p2(d)}/${p2(m)}/${y}`,
    items: ['Serviços de consultoria', 'Cadeiras de escritório', 'Toner para impressora', 'Licença de software'],
    billTo: 'Faturar a',
    itemHeaders: ['Descrição', 'Quantidade', 'Preço unitário', 'Valor'],
    letter: 'Carta',
    paymentReport: 'Relatório de pagamentos',
  },
};
