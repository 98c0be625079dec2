// report_classify_one: generated from the transfer types' declarations (src/server/report/classify.ts).
import { REPORT_CLASSIFY_ONE_SQL } from '../../report/classify'

export default REPORT_CLASSIFY_ONE_SQL
