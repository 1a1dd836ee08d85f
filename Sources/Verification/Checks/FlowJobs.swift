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

extension FlowJobs {
    /// `finish(item, start(item))` for every item, in `items`' order: at most `jobs` `start`s run at once, and an
    /// item's `finish` runs while its job starts the next item (at most `jobs` of those at once too; a started item
    /// waits for a free one, and no item starts while one waits). For work whose first part waits on other threads
    /// (a flow's HTTP calls) and whose second part is the job's own (comparing and writing its cassette), so the
    /// cores stay busy at `jobs` flows.
    static func map<Item: Sendable, Started: Sendable, Value: Sendable>(
        _ items: [Item], jobs: Int, start: @escaping @Sendable (Item) async -> Started,
        finish: @escaping @Sendable (Item, Started) async -> Value
    ) async -> [Value] {
        let width = max(1, min(jobs, items.count))
        guard width > 1 else {
            var values: [Value] = []
            values.reserveCapacity(items.count)
            for item in items { values.append(await finish(item, await start(item))) }
            return values
        }
        var values = [Value?](repeating: nil, count: items.count)
        await withTaskGroup(of: FlowJobStep<Started, Value>.self) { group in
            var next = 0
            var starting = 0
            var finishing = 0
            var waiting: [(position: Int, started: Started)] = []
            func launch() {
                while finishing < width, !waiting.isEmpty {
                    let (position, started) = waiting.removeFirst()
                    let item = items[position]
                    finishing += 1
                    group.addTask { .finished(position, await finish(item, started)) }
                }
                while next < items.count, starting < width, waiting.isEmpty {
                    let position = next
                    let item = items[position]
                    next += 1
                    starting += 1
                    group.addTask { .started(position, await start(item)) }
                }
            }
            launch()
            while let step = await group.next() {
                switch step {
                case .started(let position, let started):
                    starting -= 1
                    waiting.append((position, started))
                case .finished(let position, let value):
                    finishing -= 1
                    values[position] = value
                }
                launch()
            }
        }
        return values.compactMap { $0 }
    }
}

/// A step of ``FlowJobs/map(_:jobs:start:finish:)``: an item's first part done, or its whole.
private enum FlowJobStep<Started: Sendable, Value: Sendable>: Sendable {
    case started(Int, Started)
    case finished(Int, Value)
}
