// How values of each field type print: phone numbers, names, US addresses, SSNs, EINs and
// numbers, in the conventions of US forms. Pure functions of already type-checked values.

/** `{ num, region?, baseRegion? }`: a phone number as the builder collects it. */
export interface PhoneValue {
  readonly num: string;
  readonly region?: string;
  readonly baseRegion?: string;
}

/** `{ firstName, mi?, lastName }`. */
export interface FullNameValue {
  readonly firstName?: string;
  readonly mi?: string;
  readonly lastName?: string;
}

/** `{ street1, street2?, city, state, zip, country? }`. */
export interface AddressValue {
  readonly street1?: string;
  readonly street2?: string;
  readonly city?: string;
  readonly state?: string;
  readonly zip?: string;
  readonly country?: string;
}

/** A US number (region US, 10 digits, or 11 starting with 1) → (555) 444-3333; others as given. */
export function formatPhone(phone: PhoneValue): string {
  const region = (phone.region ?? phone.baseRegion ?? '').toUpperCase();
  const digits = phone.num.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (region !== 'US' || national.length !== 10) return phone.num;
  return `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
}

/** First name, middle initial and last name, space-separated: "Robin W Smith". */
export function formatFullName(name: FullNameValue): string {
  return joinPresent([name.firstName, name.mi, name.lastName], ' ');
}

/** The street line and the "City, ST 94106" line (the country when it is not the US). */
export function addressLines(address: AddressValue): string[] {
  const street = joinPresent([address.street1, address.street2], ' ');
  const cityState = joinPresent([address.city, address.state], ', ');
  const country = address.country && !/^(US|USA|United States)$/i.test(address.country.trim()) ? address.country : undefined;
  const place = joinPresent([joinPresent([cityState, address.zip], ' '), country], ', ');
  return [street, place].filter((line) => line !== '');
}

/** The address on one line: "123 Main St #234, San Francisco, CA 94106". */
export function formatAddress(address: AddressValue): string {
  return addressLines(address).join(', ');
}

/** Nine digits → ###-##-####; anything else as given. */
export function formatSsn(value: string): string {
  const digits = value.replace(/[\s-]/g, '');
  return /^\d{9}$/.test(digits) ? `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}` : value;
}

/** Nine digits → ##-#######; anything else as given. */
export function formatEin(value: string): string {
  const digits = value.replace(/[\s-]/g, '');
  return /^\d{9}$/.test(digits) ? `${digits.slice(0, 2)}-${digits.slice(2)}` : value;
}

const GROUPED = new Intl.NumberFormat('en-US', { maximumFractionDigits: 10 });
const DOLLARS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 12345.67 → "12,345.67". */
export function formatDecimal(value: number): string {
  return GROUPED.format(value);
}

/** 123.45 → "$123.45", 12345 → "$12,345.00". */
export function formatDollars(value: number): string {
  return DOLLARS.format(value);
}

/** Rounded to a whole number, without grouping: 12345 → "12345". */
export function formatInteger(value: number): string {
  return String(Math.round(value));
}

/** 50.3 → "50.3%" (the number as given, not multiplied by 100). */
export function formatPercent(value: number): string {
  return `${String(value)}%`;
}

function joinPresent(parts: readonly (string | undefined)[], separator: string): string {
  return parts.map((part) => part?.trim() ?? '').filter((part) => part !== '').join(separator);
}
