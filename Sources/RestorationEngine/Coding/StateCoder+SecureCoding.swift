// StateCoder's secure-coding side (rules 41, 42): values of a named class, encoded and decoded
// the way NSSecureCoding allows or refuses them when the coder requires secure coding.

import TraceFormat

extension StateCoder {
    /// Encodes a value that is an object of class `className`. Under ``requiresSecureCoding`` a
    /// class that does not adopt NSSecureCoding is a violation (rule 42): nothing is written and
    /// the object's own state is dropped when its encode returns.
    public func encode(_ value: JSONValue, ofClass className: String, supportsSecureCoding: Bool, forKey key: String) {
        if requiresSecureCoding && !supportsSecureCoding {
            if encodingViolation == nil {
                encodingViolation = SecureCodingViolation(key: key, className: className, decoding: false)
            }
            return
        }
        encode(value, forKey: key)
    }

    /// `decodeObject(forKey:)` of a value archived as an object of `archivedClass`, without naming
    /// allowed classes. Under ``requiresSecureCoding`` it throws (rule 41): the decode stops there.
    public func decodeObjectWithoutAllowedClasses(forKey key: String, archivedClass: String) throws(SecureCodingViolation) -> JSONValue? {
        if requiresSecureCoding, containsValue(forKey: key) {
            throw SecureCodingViolation(key: key, className: archivedClass, decoding: true)
        }
        return decodeValue(forKey: key)
    }

    /// `decodeObject(of:forKey:)`: the secure way; allowed whatever the coder requires.
    public func decodeObject(ofClasses allowedClasses: [String], forKey key: String) -> JSONValue? {
        decodeValue(forKey: key)
    }
}
