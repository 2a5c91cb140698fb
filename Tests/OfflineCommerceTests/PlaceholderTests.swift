import Testing

@Suite struct OfflineCommercePlaceholderTests {
    @Test func builds() {}
}
