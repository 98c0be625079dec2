// Cell text for the kit: the shared formatting of src/contract/format.ts.
export { field, formatMoney, formatValue, plainMoney } from '../../contract/format'
