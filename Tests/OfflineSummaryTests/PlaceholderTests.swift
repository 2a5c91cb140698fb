import Testing

@Suite struct OfflineSummaryPlaceholderTests {
    @Test func builds() {}
}
