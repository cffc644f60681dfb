#include "clw/engine/debug/DeviceWatch.h"

#include "clw/engine/inspect/ElementLayout.h"
#include "clw/engine/launch/ReproducerWriter.h"

#include <stdexcept>

namespace clw::engine {

namespace {

std::vector<std::uint64_t> sizesOf(const NDRange& range) {
    std::vector<std::uint64_t> sizes;
    for (unsigned d = 0; d < range.dimensions(); ++d)
        sizes.push_back(range[d]);
    return sizes;
}

const std::vector<unsigned char>* outputNamed(const WatchRunData& run, const std::string& name) {
    for (const auto& [buffer, bytes] : run.outputs)
        if (buffer == name)
            return &bytes;
    return nullptr;
}

} // namespace

WatchRunData watchRunData(const SessionRun& run) {
    WatchRunData data;
    for (const SessionLaunchRun& launch : run.launches) {
        data.global.push_back(sizesOf(launch.result.global));
        data.local.push_back(sizesOf(launch.result.local));
    }
    for (const auto& [name, array] : run.outputs)
        data.outputs.emplace_back(name, array.data);
    return data;
}

WatchReport reportDeviceWatch(const Session& session, const WatchRequest& request,
                              const InstrumentedWatch& watch, const WatchRunData& plain,
                              const WatchRunData& watched) {
    std::vector<WatchedRun> runs;
    for (std::size_t i = 0; i < watch.buffers.size() && i < watched.global.size(); ++i) {
        if (watch.buffers[i].empty())
            continue;
        const std::vector<unsigned char>* bytes = outputNamed(watched, watch.buffers[i]);
        runs.push_back(readWatchBuffer(watch, i,
                                       bytes ? std::span<const unsigned char>(*bytes)
                                             : std::span<const unsigned char>(),
                                       watched.global[i], watched.local[i]));
    }
    WatchReport report = makeWatchReport(session, request, runs);
    for (const auto& [name, bytes] : plain.outputs) {
        const SessionBuffer* buffer = session.findBuffer(name);
        const std::vector<unsigned char>* other = outputNamed(watched, name);
        const std::size_t elementSize =
            buffer && !buffer->image ? ElementLayout::parse(buffer->elementType).size() : 1;
        const std::string difference =
            other ? watchOutputDifference(name, bytes, *other, elementSize)
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
    run.report = reportDeviceWatch(session, request, run.watch, watchRunData(*run.plain),
                                   watchRunData(*run.watched));
    return run;
}

void writeWatchReproducer(const Session& session, const std::filesystem::path& folder,
                          const WatchRequest& request, const Device& device, std::size_t launch,
                          const std::filesystem::path& out) {
    const InstrumentedWatch watch = instrumentWatch(session, request);
    if (!watch.problem.empty())
        throw std::runtime_error(watch.problem);
    writeReproducer(SessionRunner(watch.session, folder).capture(device, launch), out);
}

} // namespace clw::engine
