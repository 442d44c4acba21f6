import type { Climate } from './physics.ts';

/** Real Swedish and Danish towns the demo fleet is placed around, with their climate and streets. */
export type Town = {
  name: string;
  country: 'SE' | 'DK';
  lat: number;
  long: number;
  organization: string;
  climate: Omit<Climate, 'key'>;
  streets: string[];
};

export const towns: Town[] = [
  {
    name: 'Luleå',
    country: 'SE',
    lat: 65.5848,
    long: 22.1547,
    organization: 'Luleå District Heating',
    climate: { mean: 2.5, amp: 12, daily: 4 },
    streets: ['Storgatan', 'Smedjegatan', 'Kungsgatan', 'Skeppsbrogatan', 'Hermelinsgatan', 'Stationsgatan'],
  },
  {
    name: 'Umeå',
    country: 'SE',
    lat: 63.8258,
    long: 20.263,
    organization: 'Nordic Heat North',
    climate: { mean: 3.5, amp: 11, daily: 4 },
    streets: ['Rådhusesplanaden', 'Storgatan', 'Kungsgatan', 'Västra Esplanaden', 'Skolgatan', 'Nygatan'],
  },
  {
    name: 'Sundsvall',
    country: 'SE',
    lat: 62.3908,
    long: 17.3069,
    organization: 'Nordic Heat North',
    climate: { mean: 4.5, amp: 10, daily: 4 },
    streets: ['Storgatan', 'Esplanaden', 'Köpmangatan', 'Bankgatan', 'Trädgårdsgatan'],
  },
  {
    name: 'Stockholm',
    country: 'SE',
    lat: 59.3293,
    long: 18.0686,
    organization: 'Nordic Heat South',
    climate: { mean: 7.5, amp: 9, daily: 4 },
    streets: ['Sveavägen', 'Götgatan', 'Hornsgatan', 'Odengatan', 'Valhallavägen', 'Kungsholmsgatan', 'Ringvägen'],
  },
  {
    name: 'Göteborg',
    country: 'SE',
    lat: 57.7009,
    long: 11.9746,
    organization: 'Nordic Heat South',
    climate: { mean: 8.5, amp: 7.5, daily: 3.5 },
    streets: ['Kungsportsavenyen', 'Vasagatan', 'Linnégatan', 'Första Långgatan', 'Södra Vägen', 'Övre Husargatan'],
  },
  {
    name: 'Malmö',
    country: 'SE',
    lat: 55.595,
    long: 13.02,
    organization: 'Nordic Heat South',
    climate: { mean: 9, amp: 7.5, daily: 3.5 },
    streets: ['Södra Förstadsgatan', 'Amiralsgatan', 'Regementsgatan', 'Föreningsgatan', 'Kungsgatan'],
  },
  {
    name: 'Uppsala',
    country: 'SE',
    lat: 59.8586,
    long: 17.6389,
    organization: 'Nordic Heat South',
    climate: { mean: 6.5, amp: 9.5, daily: 4.5 },
    streets: ['Kungsgatan', 'Dragarbrunnsgatan', 'Svartbäcksgatan', 'Sysslomansgatan', 'Vaksalagatan'],
  },
  {
    name: 'Aarhus',
    country: 'DK',
    lat: 56.1567,
    long: 10.2039,
    organization: 'Aarhus Municipality',
    climate: { mean: 8.5, amp: 7, daily: 3.5 },
    streets: ['Søndergade', 'Ryesgade', 'Frederiks Allé', 'Nørrebrogade', 'Randersvej', 'Silkeborgvej'],
  },
  {
    name: 'Odense',
    country: 'DK',
    lat: 55.4038,
    long: 10.3924,
    organization: 'Aarhus Municipality',
    climate: { mean: 9, amp: 7, daily: 3.5 },
    streets: ['Vestergade', 'Kongensgade', 'Overgade', 'Albanigade', 'Hjallesevej'],
  },
  {
    name: 'Aalborg',
    country: 'DK',
    lat: 57.0438,
    long: 9.9217,
    organization: 'Aarhus Municipality',
    climate: { mean: 8.5, amp: 7, daily: 3.5 },
    streets: ['Boulevarden', 'Vesterbro', 'Bispensgade', 'Hobrovej', 'Sohngårdsholmsvej'],
  },
  {
    name: 'København',
    country: 'DK',
    lat: 55.6805,
    long: 12.555,
    organization: 'CityPark Operations',
    climate: { mean: 9, amp: 7.5, daily: 3.5 },
    streets: [
      'Israels Plads',
      'Nørreport',
      'Kongens Nytorv',
      'Christianshavns Torv',
      'Enghave Plads',
      'Frederiksberg Allé',
      'Sankt Hans Torv',
      'Halmtorvet',
    ],
  },
];

export const townByName = new Map(towns.map((t) => [t.name, t]));
export const swedishPipeTowns: [string, number][] = [
  ['Luleå', 0.18],
  ['Umeå', 0.1],
  ['Sundsvall', 0.1],
  ['Stockholm', 0.2],
  ['Göteborg', 0.15],
  ['Malmö', 0.12],
  ['Uppsala', 0.15],
];
export const danishTowns: [string, number][] = [
  ['Aarhus', 0.5],
  ['Odense', 0.25],
  ['Aalborg', 0.25],
];
