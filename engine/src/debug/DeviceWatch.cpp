#include "clw/engine/debug/DeviceWatch.h"

namespace clw::engine {

namespace {

std::vector<std::uint64_t> sizesOf(const NDRange& range) {
    std::vector<std::uint64_t> sizes;
    for (unsigned d = 0; d < range.dimensions(); ++d)
        sizes.push_back(range[d]);
    return sizes;
}

const NpyArray* outputNamed(const SessionRun& run, const std::string& name) {
    for (const auto& [buffer, array] : run.outputs)
        if (buffer == name)
            return &array;
    return nullptr;
}

} // namespace

WatchReport reportDeviceWatch(const Session& session, const WatchRequest& request,
                              const InstrumentedWatch& watch, const SessionRun& plain,
                              const SessionRun& watched) {
    std::vector<WatchedRun> runs;
    for (std::size_t i = 0; i < watch.buffers.size() && i < watched.launches.size(); ++i) {
        if (watch.buffers[i].empty())
            continue;
        const NpyArray* bytes = outputNamed(watched, watch.buffers[i]);
        const LaunchResult& result = watched.launches[i].result;
        runs.push_back(readWatchBuffer(watch, i,
                                       bytes ? std::span<const unsigned char>(bytes->data)
                                             : std::span<const unsigned char>(),
                                       sizesOf(result.global), sizesOf(result.local)));
    }
    WatchReport report = makeWatchReport(session, request, runs);
    for (const auto& [name, array] : plain.outputs) {
        const NpyArray* other = outputNamed(watched, name);
        const std::string difference =
            other ? watchOutputDifference(name, array.data, other->data, array.itemSize())
                  : "buffer `" + name + "`: the watched run did not read it back";
        if (!difference.empty())
            report.differences.push_back(difference);
    }
    return report;
}

DeviceWatchRun watchOnDevice(const Session& session, const std::filesystem::path& folder,
                             const WatchRequest& request, const Device& device,
                             BuildService* builds) {
    DeviceWatchRun run;
    run.watch = instrumentWatch(session, request);
    if (!run.watch.problem.empty()) {
        run.report.problem = run.watch.problem;
        return run;
    }
    run.plain = SessionRunner(run.watch.plain, folder, builds).run(device);
    run.watched = SessionRunner(run.watch.session, folder, builds).run(device);
    run.report = reportDeviceWatch(session, request, run.watch, *run.plain, *run.watched);
    return run;
}

} // namespace clw::engine
