import Foundation

/// A decoder of `Data`, such as `JSONDecoder` or `PropertyListDecoder`, for ``ObservableType/decode(type:decoder:)``.
public protocol DataDecoder {
    /// Decodes a value of `type` from `data`.
    func decode<Item: Decodable>(_ type: Item.Type, from data: Data) throws -> Item
}

extension JSONDecoder: DataDecoder {}
extension PropertyListDecoder: DataDecoder {}

extension ObservableType where Element == Data {
    /// Decodes each element as a value of `type` with `decoder`; a decoding error is emitted and ends the sequence.
    public func decode<Item: Decodable, Decoder: DataDecoder>(type: Item.Type, decoder: Decoder)
        -> Observable<Item>
    {
        map { try decoder.decode(type, from: $0) }
    }
}
