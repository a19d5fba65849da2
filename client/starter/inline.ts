// The starter as it is inlined into every page (scripts/starter/ builds it): run at once,
// with its own <script> element, which lists the modules to start.
import { provideSetImmediate } from './set-immediate'
import { startApp } from './starter'

provideSetImmediate()
startApp(document.currentScript as HTMLScriptElement)
