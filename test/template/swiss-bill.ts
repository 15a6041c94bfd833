/** The Swiss QR-bill example of the implementation guidelines, as a typed payload. */
export const SWISS = {
  type: 'swiss',
  creditorIban: 'CH44 3199 9123 0008 8901 2',
  creditor: {
    name: 'Robert Schneider AG',
    street: 'Rue du Lac',
    buildingNumber: '1268',
    postalCode: '2501',
    town: 'Biel',
    country: 'CH',
  },
  amount: 1949.75,
  currency: 'CHF',
  debtor: {
    name: 'Pia-Maria Rutschmann-Schnyder',
    street: 'Grosse Marktgasse',
    buildingNumber: '28',
    postalCode: '9400',
    town: 'Rorschach',
    country: 'CH',
  },
  reference: '21 00000 00003 13947 14300 09017',
  message: 'Auftrag vom 15.06.2020',
};
