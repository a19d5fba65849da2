// The starter as it is inlined into every page (scripts/starter/ builds it): run at once,
// with its own <script> element, which lists the modules to start.
import { provideSetImmediate } from './set-immediate.ts'
import { startApp } from './starter.ts'

provideSetImmediate()
startApp(document.currentScript as HTMLScriptElement)
