// report_classify: generated from the transfer types' declarations (src/server/report/classify.ts).
import { REPORT_CLASSIFY_SQL } from '../../report/classify'

export default REPORT_CLASSIFY_SQL
