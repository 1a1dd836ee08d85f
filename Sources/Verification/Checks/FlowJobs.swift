/// Runs one piece of work per flow, at most `jobs` at once, and hands the results back in the flows' order, so a
/// report reads the same whatever the number of jobs (`verify --jobs`, `record --jobs`).
enum FlowJobs {
    /// `body` applied to every item, at most `jobs` running at once; the results are in `items`' order.
    static func map<Item: Sendable, Value: Sendable>(
        _ items: [Item], jobs: Int, _ body: @escaping @Sendable (Item) async -> Value
    ) async -> [Value] {
        let width = max(1, min(jobs, items.count))
        guard width > 1 else {
            var values: [Value] = []
            values.reserveCapacity(items.count)
            for item in items { values.append(await body(item)) }
            return values
        }
        var values = [Value?](repeating: nil, count: items.count)
        await withTaskGroup(of: (Int, Value).self) { group in
            var next = 0
            func launch() {
                let position = next
                let item = items[position]
                next += 1
                group.addTask { (position, await body(item)) }
            }
            while next < width { launch() }
            while let (position, value) = await group.next() {
                values[position] = value
                if next < items.count { launch() }
            }
        }
        return values.compactMap { $0 }
    }
}
