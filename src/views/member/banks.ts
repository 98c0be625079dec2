// The banks a card may be opened at (the member site offers the same list).
export const BANK_NAMES = [
  '中国工商银行', '中国建设银行', '中国农业银行', '中国银行', '交通银行', '招商银行', '中国邮政储蓄银行', '兴业银行', '浦发银行',
  '中信银行', '中国民生银行', '中国光大银行', '平安银行', '华夏银行', '广发银行',
]
