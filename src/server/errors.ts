// The one error type of the server: a code (the HTTP status) and a Chinese message; the app's handler turns it into the envelope.
import { MSG } from '../contract/messages'

export class AppError extends Error {
  constructor(public readonly code: number, message: string, public readonly data: unknown = null) {
    super(message)
  }
}

export const badRequest = (msg: string, field?: string) => new AppError(400, msg, field ? { field } : null)
export const unauthorized = (msg: string = MSG.notLoggedIn) => new AppError(401, msg)
export const forbidden = (msg: string = MSG.noPermission) => new AppError(403, msg)
export const notFound = (msg: string = MSG.notFound) => new AppError(404, msg)
export const conflict = (msg: string) => new AppError(409, msg)
export const tooMany = (msg: string = MSG.tooMany) => new AppError(429, msg)
