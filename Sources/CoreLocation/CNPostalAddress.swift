import Foundation

/// A postal address, as in Apple's Contacts framework (used by `CLPlacemark.postalAddress`).
open class CNPostalAddress: NSObject, Codable, @unchecked Sendable {
    /// Street name and number.
    public fileprivate(set) var street: String = ""
    /// The neighbourhood or district within the city.
    public fileprivate(set) var subLocality: String = ""
    /// The city.
    public fileprivate(set) var city: String = ""
    /// The county or region below the state.
    public fileprivate(set) var subAdministrativeArea: String = ""
    /// The state or province.
    public fileprivate(set) var state: String = ""
    /// The postal code.
    public fileprivate(set) var postalCode: String = ""
    /// The country name.
    public fileprivate(set) var country: String = ""
    /// The ISO 3166-1 alpha-2 country code.
    public fileprivate(set) var isoCountryCode: String = ""

    /// An empty address.
    public override init() { super.init() }

    private enum CodingKeys: String, CodingKey {
        case street, subLocality, city, subAdministrativeArea, state, postalCode, country, isoCountryCode
    }

    private var fields: [(CodingKeys, String)] {
        [(.street, street), (.subLocality, subLocality), (.city, city),
         (.subAdministrativeArea, subAdministrativeArea), (.state, state),
         (.postalCode, postalCode), (.country, country), (.isoCountryCode, isoCountryCode)]
    }

    public required init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func field(_ key: CodingKeys) throws -> String { try c.decodeIfPresent(String.self, forKey: key) ?? "" }
        street = try field(.street)
        subLocality = try field(.subLocality)
        city = try field(.city)
        subAdministrativeArea = try field(.subAdministrativeArea)
        state = try field(.state)
        postalCode = try field(.postalCode)
        country = try field(.country)
        isoCountryCode = try field(.isoCountryCode)
        super.init()
    }

    open func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        for (key, value) in fields where !value.isEmpty { try c.encode(value, forKey: key) }
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CNPostalAddress else { return false }
        return fields.map(\.1) == other.fields.map(\.1)
    }

    open override var hash: Int { fields.map(\.1).hashValue }

    /// The address on one line, parts separated by commas.
    open override var description: String {
        [street, subLocality, city, state, postalCode, country].filter { !$0.isEmpty }.joined(separator: ", ")
    }
}

/// A postal address whose fields can be set.
open class CNMutablePostalAddress: CNPostalAddress, @unchecked Sendable {
    /// Street name and number.
    open override var street: String { get { super.street } set { setField(\.street, newValue) } }
    /// The neighbourhood or district within the city.
    open override var subLocality: String { get { super.subLocality } set { setField(\.subLocality, newValue) } }
    /// The city.
    open override var city: String { get { super.city } set { setField(\.city, newValue) } }
    /// The county or region below the state.
    open override var subAdministrativeArea: String {
        get { super.subAdministrativeArea } set { setField(\.subAdministrativeArea, newValue) }
    }
    /// The state or province.
    open override var state: String { get { super.state } set { setField(\.state, newValue) } }
    /// The postal code.
    open override var postalCode: String { get { super.postalCode } set { setField(\.postalCode, newValue) } }
    /// The country name.
    open override var country: String { get { super.country } set { setField(\.country, newValue) } }
    /// The ISO 3166-1 alpha-2 country code.
    open override var isoCountryCode: String { get { super.isoCountryCode } set { setField(\.isoCountryCode, newValue) } }
}

extension CNPostalAddress {
    fileprivate func setField(_ keyPath: ReferenceWritableKeyPath<CNPostalAddress, String>, _ value: String) {
        self[keyPath: keyPath] = value
    }
}
