// Turns schema validation failures into one Chinese message naming the field (its schema `title`).
import { AppError } from '../errors'
import { TEXT_KEYWORD } from './validator'

interface AjvError {
  keyword: string
  instancePath: string
  params: Record<string, any>
  parentSchema?: { title?: string; properties?: Record<string, { title?: string }> }
  schema?: unknown
}

function fieldOf(e: AjvError): { name: string; title: string } {
  if (e.keyword === 'required') {
    const name = e.params.missingProperty as string
    return { name, title: e.parentSchema?.properties?.[name]?.title ?? name }
  }
  if (e.keyword === 'additionalProperties') {
    const at = e.instancePath.split('/').filter(Boolean)
    const name = [...at, e.params.additionalProperty as string].join('.')
    return { name, title: name }
  }
  const name = e.instancePath.split('/').filter(Boolean)[0] ?? ''
  return { name, title: e.parentSchema?.title ?? name }
}

function reason(e: AjvError): string {
  const p = e.params
  switch (e.keyword) {
    case 'required': return '不能为空'
    case 'minLength': return p.limit <= 1 ? '不能为空' : `长度不能少于 ${p.limit} 个字符`
    case 'maxLength': return `长度不能超过 ${p.limit} 个字符`
    case 'minimum': return `不能小于 ${p.limit}`
    case 'maximum': return `不能大于 ${p.limit}`
    case 'minItems': return p.limit <= 1 ? '至少选择一项' : `至少需要 ${p.limit} 项`
    case 'maxItems': return `最多 ${p.limit} 项`
    case 'enum': case 'const': case 'anyOf': return '取值无效'
    case 'pattern': case 'format': return '格式不正确'
    case 'type': return '格式不正确'
    case 'additionalProperties': return ''
    case TEXT_KEYWORD: return '不能包含控制字符或文字方向控制符'
    default: return '格式不正确'
  }
}

export function validationError(errors: AjvError[], dataVar: string): AppError {
  const e = errors[0]
  if (!e) return new AppError(400, '请求参数有误')
  const { name, title } = fieldOf(e)
  if (!name) return new AppError(400, dataVar === 'body' ? '请求体格式不正确' : '请求参数格式不正确')
  if (e.keyword === 'additionalProperties') return new AppError(400, `不支持的字段：${name}`, { field: name })
  return new AppError(400, `${title}${reason(e)}`, { field: name })
}
