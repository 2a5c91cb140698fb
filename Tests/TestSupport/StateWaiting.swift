public import Core

/// The first value of `cell` (current or later) that satisfies `predicate`.
@discardableResult
public func waitFor<Value>(_ cell: StateCell<Value>, _ predicate: (Value) -> Bool) async -> Value {
    for await value in cell.values() where predicate(value) { return value }
    return cell.value
}
