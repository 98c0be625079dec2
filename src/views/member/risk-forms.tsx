// 设置会员标签: the product's tags as checkboxes, the member's own ticked; the server refuses two tags of one exclusive
// group (409, shown at the top of the form) and keeps the member's risk level the highest of its tags'.
import type { Row } from '../../core/command'
import { postOnce } from '../../core/ops'
import { API } from '../../contract/api'
import type { MemberTag } from '../../contract/risk'
import { openForm } from '../kit/form-dialog'
import type { FormValues } from '../kit/form-types'
import { tagChoices } from './choices'

export function memberTagsForm(row: Row): Promise<unknown | null> {
  const held = (Array.isArray(row.tags) ? (row.tags as MemberTag[]) : []).map((t) => String(t.id))
  return openForm<FormValues>({
    title: `设置会员标签：${String(row.username)}`,
    fields: [{ name: 'tag_ids', label: '标签', type: 'multiselect', options: () => tagChoices(true), hint: '会员的风险等级取其标签中最高的；同一互斥组的标签不能同时持有；全部取消即清除标签' }],
    initial: { tag_ids: held },
    submitText: '保存标签',
    submit: (v) => postOnce(API.memberRisk.tags, { member_id: Number(row.id), tag_ids: (v.tag_ids as string[]).map(Number) }, { silent: true }),
  })
}
