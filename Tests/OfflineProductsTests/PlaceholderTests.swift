import Testing

@Suite struct OfflineProductsPlaceholderTests {
    @Test func builds() {}
}
