import Foundation

/// A named place: a location with its name and address, as in Apple's CoreLocation.
///
/// On Linux there is no geocoder; the assistant creates placemarks from what the user said
/// (often a name only) and the app's extension resolves them to places it knows.
open class CLPlacemark: NSObject, Codable, @unchecked Sendable {
    /// The place's name ("Central Station", "home").
    public let name: String?
    /// The coordinate, when known.
    public let location: CLLocation?
    /// The full postal address, when known.
    public let postalAddress: CNPostalAddress?
    /// The time zone of the place, when known.
    public let timeZone: TimeZone?
    /// Points of interest at the place.
    public let areasOfInterest: [String]?

    /// The street name.
    public var thoroughfare: String? { nonEmpty(postalAddress?.street) }
    /// The house number. Not separated from the street in this implementation.
    public var subThoroughfare: String? { nil }
    /// The city.
    public var locality: String? { nonEmpty(postalAddress?.city) }
    /// The neighbourhood.
    public var subLocality: String? { nonEmpty(postalAddress?.subLocality) }
    /// The state or province.
    public var administrativeArea: String? { nonEmpty(postalAddress?.state) }
    /// The county or region below the state.
    public var subAdministrativeArea: String? { nonEmpty(postalAddress?.subAdministrativeArea) }
    /// The postal code.
    public var postalCode: String? { nonEmpty(postalAddress?.postalCode) }
    /// The ISO 3166-1 alpha-2 country code.
    public var isoCountryCode: String? { nonEmpty(postalAddress?.isoCountryCode) }
    /// The country name.
    public var country: String? { nonEmpty(postalAddress?.country) }
    /// The lake or river at the place. Not known in this implementation.
    public var inlandWater: String? { nil }
    /// The ocean at the place. Not known in this implementation.
    public var ocean: String? { nil }

    /// A placemark from a location, a name and an address (the initializer SiriKit adds to CLPlacemark).
    /// Unlike Apple's, `location` may be nil: a place the user only named.
    public init(location: CLLocation?, name: String?, postalAddress: CNPostalAddress?,
                timeZone: TimeZone? = nil, areasOfInterest: [String]? = nil) {
        self.location = location
        self.name = name
        self.postalAddress = postalAddress
        self.timeZone = timeZone
        self.areasOfInterest = areasOfInterest
        super.init()
    }

    /// A copy of another placemark.
    public convenience init(placemark: CLPlacemark) {
        self.init(location: placemark.location, name: placemark.name, postalAddress: placemark.postalAddress,
                  timeZone: placemark.timeZone, areasOfInterest: placemark.areasOfInterest)
    }

    private func nonEmpty(_ value: String?) -> String? {
        guard let value, !value.isEmpty else { return nil }
        return value
    }

    private enum CodingKeys: String, CodingKey {
        case name, location, postalAddress, timeZone, areasOfInterest
    }

    public required init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decodeIfPresent(String.self, forKey: .name)
        location = try c.decodeIfPresent(CLLocation.self, forKey: .location)
        postalAddress = try c.decodeIfPresent(CNPostalAddress.self, forKey: .postalAddress)
        if let zone = try c.decodeIfPresent(String.self, forKey: .timeZone) {
            guard let parsed = TimeZone(identifier: zone) else {
                throw DecodingError.dataCorruptedError(forKey: .timeZone, in: c,
                    debugDescription: "'\(zone)' is not a time zone identifier such as Europe/Berlin")
            }
            timeZone = parsed
        } else {
            timeZone = nil
        }
        areasOfInterest = try c.decodeIfPresent([String].self, forKey: .areasOfInterest)
        super.init()
    }

    open func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(name, forKey: .name)
        try c.encodeIfPresent(location, forKey: .location)
        if let postalAddress, !postalAddress.description.isEmpty || !postalAddress.isoCountryCode.isEmpty {
            try c.encode(postalAddress, forKey: .postalAddress)
        }
        try c.encodeIfPresent(timeZone?.identifier, forKey: .timeZone)
        try c.encodeIfPresent(areasOfInterest, forKey: .areasOfInterest)
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CLPlacemark else { return false }
        return name == other.name && location == other.location && postalAddress == other.postalAddress
            && timeZone == other.timeZone && areasOfInterest == other.areasOfInterest
    }

    open override var hash: Int { name.hashValue }

    /// The name, or else the address.
    open override var description: String {
        name ?? postalAddress?.description ?? location?.description ?? "(unnamed place)"
    }
}
