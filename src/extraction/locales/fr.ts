import type { LocaleData } from './types.js';

/** French (France, Belgium, Switzerland, Luxembourg). */
export const fr: LocaleData = {
  lang: 'fr',
  countries: ['FR', 'BE', 'CH'],
  date_order: 'dmy',
  months: [
    ['janvier', 'janv'],
    ['février', 'fevrier', 'févr', 'fevr'],
    ['mars'],
    ['avril', 'avr'],
    ['mai'],
    ['juin'],
    ['juillet', 'juil'],
    ['août', 'aout'],
    ['septembre', 'sept'],
    ['octobre', 'oct'],
    ['novembre', 'nov'],
    ['décembre', 'decembre', 'déc', 'dec'],
  ],
  labels: {
    'vendor.name': ['fournisseur', 'vendeur', 'émetteur'],
    'customer.name': ['client', 'facturé à', 'destinataire', 'adressé à'],
    'invoice.number': ['facture n°', 'numéro de facture', 'n° de facture', 'n° facture', 'facture no', 'reçu n°', 'ticket n°', 'numéro du reçu'],
    'invoice.date': ['date', 'date de facture', 'date de facturation', "date d'émission", 'émise le', 'date du relevé'],
    'invoice.due_date': ["date d'échéance", 'échéance', 'à payer avant le', 'date limite de paiement'],
    'invoice.po_number': ['bon de commande', 'n° de commande', 'commande n°'],
    'invoice.subtotal': ['total ht', 'montant ht', 'sous-total', 'total hors taxes'],
    'invoice.tax': ['tva', 'montant tva', 'total tva'],
    'invoice.total': ['total ttc', 'net à payer', 'montant ttc', 'montant total', 'total à payer', 'montant dû'],
    'contact.email': ['e-mail', 'email', 'courriel', 'adresse e-mail'],
    'contact.phone': ['téléphone', 'tél', 'tel', 'portable'],
    'payment.iban': ['iban'],
    'tax.id': ['n° tva intracommunautaire', 'tva intracommunautaire', 'tva intracom', 'n° tva', 'numéro de tva', 'identifiant tva'],
  },
};
