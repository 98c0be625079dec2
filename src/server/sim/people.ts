// Believable demo identities: Chinese names, mobile numbers, bank cards that pass Luhn, TRC20/ERC20 addresses.
import { createHash } from 'node:crypto'
import type { Rng } from './rng'

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤'
const GIVEN = '伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超秀兰霞平刚桂英华玉萍红娥玲芬芳燕彩春菊兰凤洁梅琳素云莲真环雪荣爱妹霞香月莺媛艳瑞凡佳嘉琼勤珍贞莉桂娣叶璧璐娅琦晶妍茜秋珊莎锦黛青倩婷姣婉娴瑾颖露瑶怡婵雁蓓纨仪荷丹蓉眉君琴蕊薇菁梦岚苑婕馨瑗琰韵融园艺咏卿聪澜纯毓悦昭冰爽琬茗羽希宁欣飘育滢馥筠柔竹霭凝晓欢霄枫芸菲寒伊亚宜可姬舒影荔枝丽阳妮宝贝初程梵罡恒鸿桦骅剑娇纪宽苛灵玛媚琪晴容睿烁堂唯威韦雯苇萱阅彦宇雨洋忠宗曼紫逸贤蝶菡绿蓝儿翠烟'
export const BANKS = ['中国工商银行', '中国建设银行', '中国农业银行', '中国银行', '交通银行', '招商银行', '中国邮政储蓄银行', '兴业银行', '浦发银行', '中信银行']
const BINS = ['622202', '621700', '622848', '621661', '622260', '621483', '621799', '622909', '622521', '621771']

export function chineseName(r: Rng): string {
  return r.pick([...SURNAMES]) + r.pick([...GIVEN]) + (r.chance(0.6) ? r.pick([...GIVEN]) : '')
}

export function mobile(r: Rng): string {
  return `1${r.pick(['3', '5', '7', '8', '9'])}${String(r.int(0, 999_999_999)).padStart(9, '0')}`
}

/** A 16–19 digit number with a valid Luhn check digit. */
export function cardNumber(r: Rng): string {
  let body = r.pick(BINS)
  const len = r.pick([16, 19])
  while (body.length < len - 1) body += String(r.int(0, 9))
  let sum = 0
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i])
    if (i % 2 === 0) { d *= 2; if (d > 9) d -= 9 }
    sum += d
  }
  return body + String((10 - (sum % 10)) % 10)
}

const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const sha = (b: Buffer) => createHash('sha256').update(b).digest()

export function walletAddress(r: Rng, chain: 'TRC20' | 'ERC20'): string {
  const bytes = Buffer.from(Array.from({ length: 20 }, () => r.int(0, 255)))
  if (chain === 'ERC20') return `0x${bytes.toString('hex')}`
  const payload = Buffer.concat([Buffer.from([0x41]), bytes])
  const raw = Buffer.concat([payload, sha(sha(payload)).subarray(0, 4)])
  let n = BigInt(`0x${raw.toString('hex')}`)
  let out = ''
  while (n > 0n) { out = B58[Number(n % 58n)] + out; n /= 58n }
  return out
}

/** A username the member site would accept: letters, digits, underscore, 6–12 long. */
export function username(r: Rng): string {
  const syll = ['li', 'wang', 'zhang', 'liu', 'chen', 'yang', 'huang', 'zhao', 'wu', 'zhou', 'xu', 'sun', 'ma', 'hu', 'guo', 'he', 'gao', 'lin', 'luo', 'xiao', 'mei', 'long', 'feng', 'yun']
  return `${r.pick(syll)}${r.pick(syll)}${r.int(10, 99999)}`.slice(0, 16)
}
