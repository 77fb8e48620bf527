// GorillaCab, a Parlance sample app: a second ride app beside MonkeyRide, with its own options, so that a
// maps client's "every ride app" shows more than one (its code is Examples/RideAppSupport).
import RideAppSupport

await RideApp.run()
