import Foundation

extension INCallRecordType {
    /// The one kind in a set of call kinds, or `.unknown` when the set has none or several.
    init(singleOptionOf options: INCallRecordTypeOptions) {
        let matches = INCallRecordTypeOptions.namedMembers.filter { options.contains($0.0) }
        guard matches.count == 1, let kind = Self.allCases.first(where: { $0.caseName == matches[0].1 }) else {
            self = .unknown
            return
        }
        self = kind
    }
}

extension INCallRecordTypeOptions {
    /// The set holding just this kind of call (empty for `.unknown`).
    init(recordType: INCallRecordType) {
        self = Self.namedMembers.first { $0.1 == recordType.caseName }?.0 ?? []
    }
}
