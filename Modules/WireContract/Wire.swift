/// The backend's API as it travels: every route (`Wire.Route`), every JSON body a client sends or the server answers,
/// and how money is written. Declared once, here, for both sides: the features' live adapters encode and decode these,
/// and the reference server (Tools/ReferenceServer) routes on and answers with the same values, so the two cannot
/// drift apart. Dates go through Core's `WireJSON` (ISO 8601 in UTC); money is a decimal string beside an ISO 4217
/// `currency` (`Wire.Money`).
///
/// These are the shapes on the wire, not the models the screens use: a feature maps a body to its own model in its
/// `API.swift` (`ShoppingCart(wire:)`, `AnnualSummary(wire:)`), which is where unknown ids are dropped and amounts
/// become exact `Decimal`s.
public enum Wire {}
