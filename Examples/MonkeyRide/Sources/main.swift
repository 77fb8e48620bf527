// MonkeyRide, a Parlance sample app: ride booking. Its code is shared with GorillaCab (Examples/RideAppSupport).
import RideAppSupport

await RideApp.run()
