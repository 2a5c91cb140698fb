public import Core

extension CommerceViewState {
    /// The screen as a phone would draw it (the REPL renders this in any locale): the offline indicator
    /// on top, the screen, a sheet over it, the toast last.
    public var node: ViewNode {
        var nodes: [ViewNode] = []
        if let offlineIndicator { nodes.append(.banner(offlineIndicator)) }
        if let sessionBanner { nodes.append(.banner(sessionBanner)) }
        switch screen {
        case .none:
            break
        case let .cart(state):
            nodes.append(.title(CommerceCopy.cartTitle))
            if isRefreshing { nodes.append(.progress(CoreCopy.loading)) }
            nodes += Self.nodes(state) { Self.cartNodes($0) }
        case let .orders(state):
            nodes.append(.title(CommerceCopy.ordersTitle))
            if isRefreshing { nodes.append(.progress(CoreCopy.loading)) }
            nodes += Self.nodes(state) { Self.orderNodes($0) }
        }
        if let sheet {
            nodes.append(.divider)
            nodes += Self.sheetNodes(sheet)
        }
        if let toast { nodes.append(.toast(toast)) }
        return .stack(nodes)
    }

    static func nodes<Content>(_ state: ScreenState<Content>, content: (Content) -> [ViewNode]) -> [ViewNode] {
        switch state {
        case .loading: [.progress(CoreCopy.loading)]
        case let .content(value): content(value)
        case let .empty(empty), let .blocked(empty): [.empty(empty)]
        }
    }

    static func cartNodes(_ cart: CartContent) -> [ViewNode] {
        var nodes: [ViewNode] = [.text(cart.itemCount, style: .secondary)]
        if let lastUpdated = cart.lastUpdated { nodes.append(.text(lastUpdated, style: .caption)) }
        if let emptyMessage = cart.emptyMessage { nodes.append(.text(emptyMessage)) }
        for line in cart.lines {
            var row: [ViewNode] = [
                .verbatim(line.name, style: .heading),
                .verbatim(line.imageRef, style: .caption),
                .text(line.quantity),
                .text(line.unitPrice),
                .text(line.lineTotal),
            ]
            if let pending = line.pendingQuantity { row.append(.text(pending, style: .secondary)) }
            row.append(.actions([line.updateQuantity]))
            nodes.append(.row(row))
        }
        if let total = cart.total {
            nodes.append(.divider)
            nodes.append(.text(total, style: .heading))
        }
        if let checkout = cart.checkout { nodes.append(.actions([checkout])) }
        return nodes
    }

    static func orderNodes(_ orders: OrdersContent) -> [ViewNode] {
        var nodes: [ViewNode] = [.text(orders.orderCount, style: .secondary)]
        if let lastUpdated = orders.lastUpdated { nodes.append(.text(lastUpdated, style: .caption)) }
        if let emptyMessage = orders.emptyMessage { nodes.append(.text(emptyMessage)) }
        for order in orders.orders {
            nodes.append(.row([
                .text(order.number, style: .heading),
                .badge(order.status, tone: order.statusTone),
                .text(order.date, style: .secondary),
                .text(order.total),
                .actions(order.actions),
            ]))
        }
        return nodes
    }

    static func sheetNodes(_ sheet: Sheet) -> [ViewNode] {
        switch sheet {
        case let .quantity(form):
            return [.title(CommerceCopy.updateQuantity), .verbatim(form.itemName, style: .heading), .text(form.quantity),
                    .actions(form.stepper)] + footerNodes(form.footer)
        case let .checkout(form):
            return [.title(CommerceCopy.checkoutTitle), .text(form.itemCount, style: .secondary), .text(form.total, style: .heading),
                    .field(label: form.emailLabel, value: form.email.map { .verbatim($0) } ?? .copy(form.emailHint))]
                + footerNodes(form.footer)
        case let .rating(form):
            return [.title(CommerceCopy.rateOrder), .text(form.orderNumber, style: .heading),
                    .field(label: CommerceCopy.ratingLabel, value: .copy(form.selected)), .actions(form.stars)]
                + footerNodes(form.footer)
        case let .tracking(page):
            let body = nodes(page.page) { content in
                [.text(content.number, style: .heading), .badge(content.status, tone: content.statusTone),
                 .text(content.date, style: .secondary), .text(content.total), .text(content.checkedAt, style: .caption)]
            }
            return [.title(CommerceCopy.trackOrder)] + body + [.actions([page.close])]
        }
    }

    static func footerNodes(_ footer: FormFooter) -> [ViewNode] {
        var nodes: [ViewNode] = []
        if let notice = footer.offlineNotice { nodes.append(.text(notice, style: .secondary)) }
        if footer.isSubmitting { nodes.append(.progress(nil)) }
        nodes.append(.actions([footer.submit, footer.cancel]))
        return nodes
    }
}
