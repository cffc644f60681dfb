#include "bridge/SessionJobs.h"

#include "bridge/DeviceBufferSource.h"
#include "bridge/ImageSource.h"
#include "bridge/InitialContentsSource.h"
#include "bridge/JobContext.h"
#include "bridge/SessionDeviceState.h"

#include "clw/engine/build/BuildRequest.h"
#include "clw/engine/build/BuildService.h"
#include "clw/engine/build/Diagnostic.h"
#include "clw/engine/debug/PrintfTagger.h"
#include "clw/engine/launch/LaunchGeometry.h"
#include "clw/engine/launch/LaunchRequest.h"
#include "clw/engine/launch/LaunchService.h"
#include "clw/engine/launch/SignatureReader.h"
#include "clw/engine/runtime/ClError.h"
#include "clw/engine/session/SessionError.h"
#include "clw/engine/session/SessionResources.h"
#include "clw/engine/session/SessionRunner.h"

#include <QDateTime>

#include <algorithm>
#include <exception>

namespace clw::ui {

namespace {

QString qs(const std::string& text) {
    return QString::fromStdString(text);
}

engine::SourceSet resolvedSources(engine::SourceSet sources, const std::filesystem::path& folder) {
    for (std::string& dir : sources.includeDirs) {
        const std::filesystem::path path(dir);
        if (path.is_relative())
            dir = (folder / path).lexically_normal().string();
    }
    return sources;
}

QString firstError(const engine::DeviceBuildOutcome& device) {
    for (const engine::Diagnostic& diagnostic : device.diagnostics)
        if (diagnostic.severity == engine::Severity::Error)
            return qs(engine::formatDiagnostic(diagnostic));
    return device.log.empty() ? QStringLiteral("the compiler gave no log") : qs(device.log);
}

// Every diagnostic, one formatted line each, or the raw log where none was recognised.
QString buildReport(const engine::DeviceBuildOutcome& device) {
    std::string report;
    for (const engine::Diagnostic& diagnostic : device.diagnostics)
        report += engine::formatDiagnostic(diagnostic) + "\n";
    return qs(report.empty() ? device.log : report);
}

RunCommand transferCommand(const std::string& name, const engine::LaunchResult& result) {
    RunCommand command;
    command.kind = RunCommand::Kind::Upload;
    command.label = QStringLiteral("upload %1").arg(qs(name));
    if (!result.runs.empty())
        command.times = result.runs.front();
    return command;
}

std::vector<std::uint64_t> sizesOf(const engine::NDRange& range) {
    std::vector<std::uint64_t> sizes;
    for (unsigned i = 0; i < range.dimensions(); ++i)
        sizes.push_back(range[i]);
    return sizes;
}

// Runs one launch `repeat` times and fills a record (errors as values).
RunRecord runLaunch(SessionDeviceState& state, const RunPlan& plan, int index,
                    const engine::SessionLaunch& launch, RunRecord::Mode mode) {
    RunRecord record;
    record.mode = mode;
    record.when = QDateTime::currentDateTimeUtc();
    record.launchIndex = index;
    record.launch = launch;
    record.deviceName = plan.deviceName;
    const std::string launchName = launch.name.empty() ? launch.kernel : launch.name;
    try {
        const auto found = std::find_if(state.kernels.begin(), state.kernels.end(),
                                        [&](const auto& k) { return k.name == launch.kernel; });
        if (found == state.kernels.end())
            throw engine::SessionError("launch '" + launchName + "': the program has no kernel '" +
                                       launch.kernel + "'; pick one of the built kernels");
        engine::LaunchRequest request;
        request.program = state.program;
        request.kernelName = launch.kernel;
        request.signature = *found;
        std::vector<std::string> warnings;
        request.arguments = state.resources->arguments(launch, *found, &warnings);
        for (const std::string& warning : warnings)
            record.warnings.append(qs(warning));
        request.geometry = engine::sessionGeometry(launch);
        request.repeat = std::max(1, launch.repeat);
        const engine::LaunchResult result = state.launches->launch(std::move(request)).get();
        record.ok = result.ok;
        if (!result.ok)
            record.error = QStringLiteral("launch '%1': %2").arg(qs(launchName), qs(result.error));
        record.global = sizesOf(result.global);
        record.local = sizesOf(result.local);
        record.kernelNs = result.durationsNs();
        for (const engine::ProfilingTimes& times : result.runs) {
            RunCommand command;
            command.kind = RunCommand::Kind::Kernel;
            command.label = qs(launchName);
            command.times = times;
            record.commands.push_back(command);
        }
    } catch (const std::exception& error) {
        record.ok = false;
        record.error = qs(error.what());
    }
    if (plan.afterLaunch)
        plan.afterLaunch(record);
    return record;
}

// "Run N times" in batches, so that Cancel takes effect between them and progress shows; the
// batches' timings make one record.
RunRecord runRepeatedLaunch(SessionDeviceState& state, const RunPlan& plan, int index,
                            engine::SessionLaunch launch, const JobContext& job,
                            const ProgressFn& progress) {
    constexpr int kBatch = 64;
    const int times = std::max(1, plan.times);
    const engine::SessionLaunch configured = launch; // what Restore puts back
    RunRecord merged;
    for (int done = 0; done < times && !job.isCancelled();) {
        launch.repeat = std::min(kBatch, times - done);
        RunRecord batch = runLaunch(state, plan, index, launch, RunRecord::Mode::RunN);
        if (done == 0) {
            merged = batch;
        } else {
            merged.ok = batch.ok;
            merged.error = batch.error;
            merged.kernelNs.insert(merged.kernelNs.end(), batch.kernelNs.begin(),
                                   batch.kernelNs.end());
            merged.commands.insert(merged.commands.end(), batch.commands.begin(),
                                   batch.commands.end());
            merged.appendOutput(batch);
        }
        done += launch.repeat;
        if (!batch.ok)
            break;
        progress(QStringLiteral("Run %1 of %2").arg(done).arg(times), done, times);
    }
    merged.launch = configured;
    return merged;
}

SweepPoint sweepPoint(const RunRecord& record) {
    SweepPoint point;
    point.local = record.launch.local;
    point.ok = record.ok;
    point.error = record.error;
    point.minNs = record.minNs();
    point.medianNs = record.medianNs();
    point.maxNs = record.maxNs();
    return point;
}

void rankSweep(SweepResult& sweep) {
    for (int i = 0; i < int(sweep.points.size()); ++i) {
        const SweepPoint& point = sweep.points[size_t(i)];
        if (!point.ok)
            continue;
        if (sweep.best < 0 || point.medianNs < sweep.points[size_t(sweep.best)].medianNs)
            sweep.best = i;
        if (sweep.worst < 0 || point.medianNs > sweep.points[size_t(sweep.worst)].medianNs)
            sweep.worst = i;
    }
}

// The run's buffers, and their initial contents, as inspector sources.
void collectSources(const SessionDeviceState& state, RunOutcome& outcome) {
    const std::shared_ptr<const engine::SessionResources> resources = state.resources;
    for (const engine::SessionBuffer& buffer : resources->session().buffers) {
        const QString name = qs(buffer.name);
        std::shared_ptr<BufferSource> source;
        if (buffer.image)
            source = ImageSource::open(resources->image(buffer.name), state.launches->queue());
        else
            source = std::make_shared<DeviceBufferSource>(resources->buffer(buffer.name),
                                                          state.launches->queue(),
                                                          resources->byteSize(buffer.name));
        outcome.initial[name] =
            std::make_shared<InitialContentsSource>(resources, buffer, source->size());
        outcome.sources[name] = std::move(source);
    }
}

} // namespace

SessionDeviceState::SessionDeviceState(const engine::Device& chosen)
    : device(chosen)
    , context(chosen)
    , launches(std::make_unique<engine::LaunchService>(context, device)) {}

namespace {

// Reads a created kernel's signature and limits into the state, in name order.
void addKernel(SessionDeviceState& state, const engine::Kernel& kernel) {
    engine::KernelSignature signature = engine::readSignature(kernel, state.device);
    // Typedef'd and struct arguments of a program from the cache, typed from its sources.
    engine::resolveFromSource(signature, state.signatureSources, state.signatureOptions);
    state.limits[signature.name] = engine::KernelLimits::of(kernel, state.device);
    const auto after = std::upper_bound(
        state.kernels.begin(), state.kernels.end(), signature.name,
        [](const std::string& name, const engine::KernelSignature& k) { return name < k.name; });
    state.kernels.insert(after, std::move(signature));
}

// Creates the kernels the session's launches name that the program has and the state lacks. A
// name the program lacks is said by the launch that uses it.
void addLaunchedKernels(SessionDeviceState& state, const engine::Session& session) {
    if (!state.program)
        return; // nothing built yet
    const std::vector<std::string> names = state.program.kernelNames();
    for (const engine::SessionLaunch& launch : session.launches) {
        const bool made = std::any_of(state.kernels.begin(), state.kernels.end(),
                                      [&](const auto& k) { return k.name == launch.kernel; });
        if (!made && std::find(names.begin(), names.end(), launch.kernel) != names.end())
            addKernel(state, engine::Kernel(state.program, launch.kernel));
    }
}

} // namespace

BuildSummary buildSessionProgram(SessionDeviceState& state, const engine::Session& session,
                                 const std::filesystem::path& folder, engine::BuildService& builds,
                                 bool store, bool launchedKernelsOnly) {
    state.built = false;
    state.kernels.clear();
    state.limits.clear();
    engine::BuildRequest request;
    request.context = state.context;
    request.devices = {state.device};
    request.sources = resolvedSources(session.sources, folder);
    // printf per work-item (issue 19): each printf of the main file prints the work-item's
    // global id too, which the device host's capture reads back (PrintedLines). Only what is
    // built changes, on the person's lines; a source without printf is built as it is, and the
    // binary cache is keyed on what was built.
    engine::tagPrintfCalls(request.sources);
    state.mayPrint = std::any_of(request.sources.files.begin(), request.sources.files.end(),
                                 [](const engine::SourceFile& file) {
                                     return file.text.find("printf") != std::string::npos;
                                 });
    // Arg info is what the launch panel reads signatures from: a program from the binary cache
    // has no source to parse them from.
    request.options = session.options + " -cl-kernel-arg-info";
    request.store = store;
    BuildSummary summary;
    for (const std::string& warning :
         engine::SessionRunner(session, folder).includeFolderWarnings())
        summary.warnings.append(qs(warning));
    const engine::BuildOutcome outcome = builds.build(request);
    summary.totalMs = outcome.timings.totalMs;
    summary.fromCache = outcome.allFromCache();
    if (!outcome.error.empty()) {
        summary.message =
            QStringLiteral("The build did not run: %1. Check the device in the status "
                           "bar and the build options.")
                .arg(qs(outcome.error));
        summary.failure = QStringLiteral("the build: %1").arg(qs(outcome.error));
        return summary;
    }
    const engine::DeviceBuildOutcome* device = outcome.forDevice(state.device);
    const QString deviceName = qs(state.device.name());
    if (!device)
        summary.failure = QStringLiteral("the build gave no result for %1").arg(deviceName);
    else if (!device->ok)
        summary.failure =
            QStringLiteral("the build failed on %1 with %2:\n%3")
                .arg(deviceName, qs(engine::errorName(device->code)), buildReport(*device));
    if (!device || !device->ok) {
        summary.message = device ? QStringLiteral("The build failed: %1. Fix it in the editor "
                                                  "(the Diagnostics panel lists every message).")
                                       .arg(firstError(*device))
                                 : QStringLiteral("The build gave no result for the device: choose "
                                                  "another in the status bar, or refresh the "
                                                  "Devices panel.");
        return summary;
    }
    state.program = device->program;
    state.signatureSources = request.sources;
    state.signatureOptions = engine::BuildService::effectiveOptions(request.options);
    if (launchedKernelsOnly)
        addLaunchedKernels(state, session);
    else
        for (const engine::Kernel& kernel : state.program.createKernels())
            addKernel(state, kernel);
    state.builtSources = session.sources;
    state.builtOptions = session.options;
    state.built = true;
    summary.ok = true;
    summary.message =
        QStringLiteral("Built %1 kernel(s) in %2 ms%3")
            .arg(state.kernels.size())
            .arg(outcome.timings.totalMs, 0, 'f', 1)
            .arg(outcome.allFromCache() ? QStringLiteral(" (from the cache)") : QString());
    return summary;
}

RunOutcome runSessionPlan(SessionDeviceState& state, const RunPlan& plan,
                          engine::BuildService& builds, const JobContext& job,
                          const ProgressFn& progress) {
    RunOutcome outcome;
    const engine::Session& session = plan.session;
    if (state.needsBuild(session)) {
        progress(QStringLiteral("Building"), 0, 0);
        outcome.build = buildSessionProgram(state, session, plan.folder, builds, plan.store,
                                            plan.launchedKernelsOnly);
        if (!outcome.build->ok) {
            outcome.errorWhere = QStringLiteral("build");
            outcome.error = outcome.build->message;
            return outcome;
        }
    }
    if (plan.launchedKernelsOnly)
        addLaunchedKernels(state, session); // the session's launches may name others now
    if (plan.launch && session.launches.empty()) {
        outcome.errorWhere = QStringLiteral("run");
        outcome.error = QStringLiteral("The session has no launch: pick a kernel in the launch "
                                       "panel and bind its arguments.");
        return outcome;
    }
    progress(QStringLiteral("Creating buffers"), 0, 0);
    std::vector<RunCommand> uploadCommands; // they lead the first launch's commands
    try {
        auto resources =
            std::make_shared<engine::SessionResources>(state.context, session, plan.folder);
        std::vector<std::string> notes;
        for (const auto& [name, result] : resources->initialize(*state.launches, &notes))
            uploadCommands.push_back(transferCommand(name, result));
        for (const std::string& note : notes)
            outcome.warnings.append(qs(note));
        state.resources = resources;
    } catch (const std::exception& error) {
        outcome.errorWhere = QStringLiteral("run");
        outcome.error = QString::fromStdString(error.what());
        return outcome;
    }
    if (!plan.launch) {
        collectSources(state, outcome);
        return outcome;
    }

    const int count =
        plan.mode == RunRecord::Mode::Run ? int(session.launches.size()) : plan.launchIndex + 1;
    std::vector<engine::SessionLaunch> targets;
    for (int i = 0; i < count; ++i) {
        engine::SessionLaunch launch = session.launches[size_t(i)];
        if (plan.mode != RunRecord::Mode::Run && i < plan.launchIndex)
            launch.repeat = 1;
        targets.push_back(launch);
    }
    const int total = count;
    for (int i = 0; i < count; ++i) {
        if (job.isCancelled())
            return outcome;
        engine::SessionLaunch launch = targets[size_t(i)];
        const bool target = plan.mode != RunRecord::Mode::Run && i == plan.launchIndex;
        if (target && plan.mode == RunRecord::Mode::Sweep)
            break; // the sweep below
        progress(
            QStringLiteral("Running %1").arg(qs(launch.name.empty() ? launch.kernel : launch.name)),
            i, total);
        RunRecord record = target && plan.mode == RunRecord::Mode::RunN
                               ? runRepeatedLaunch(state, plan, i, launch, job, progress)
                               : runLaunch(state, plan, i, launch, RunRecord::Mode::Run);
        if (outcome.records.empty())
            record.commands.insert(record.commands.begin(), uploadCommands.begin(),
                                   uploadCommands.end());
        const bool ok = record.ok;
        const QString error = record.error;
        outcome.records.push_back(std::move(record));
        if (!ok) {
            outcome.errorWhere = QStringLiteral("launch %1")
                                     .arg(qs(launch.name.empty() ? launch.kernel : launch.name));
            outcome.error = error;
            collectSources(state, outcome);
            return outcome;
        }
    }
    if (plan.mode == RunRecord::Mode::Sweep) {
        const engine::SessionLaunch& launch = session.launches[size_t(plan.launchIndex)];
        SweepResult sweep;
        sweep.launchIndex = plan.launchIndex;
        const auto kernel = std::find_if(state.kernels.begin(), state.kernels.end(),
                                         [&](const auto& k) { return k.name == launch.kernel; });
        if (kernel == state.kernels.end()) {
            outcome.errorWhere = QStringLiteral("run");
            outcome.error =
                QStringLiteral("The program has no kernel '%1' to sweep.").arg(qs(launch.kernel));
            return outcome;
        }
        const auto sizes = sweepLocalSizes(launch.global, state.limits[launch.kernel], *kernel);
        for (size_t i = 0; i < sizes.size(); ++i) {
            if (job.isCancelled())
                break;
            engine::SessionLaunch tried = launch;
            tried.local = sizes[i];
            tried.repeat = std::max(3, launch.repeat);
            progress(QStringLiteral("Sweeping local size %1").arg(RunRecord::sizeText(sizes[i])),
                     int(i), int(sizes.size()));
            RunRecord record =
                runLaunch(state, plan, plan.launchIndex, tried, RunRecord::Mode::Sweep);
            sweep.points.push_back(sweepPoint(record));
        }
        rankSweep(sweep);
        if (sweep.best >= 0) {
            // The history keeps the best configuration of the sweep, as a run.
            engine::SessionLaunch best = launch;
            best.local = sweep.points[size_t(sweep.best)].local;
            RunRecord record =
                runLaunch(state, plan, plan.launchIndex, best, RunRecord::Mode::Sweep);
            outcome.records.push_back(std::move(record));
        } else if (sweep.points.empty()) {
            outcome.errorWhere = QStringLiteral("launch %1").arg(qs(launch.kernel));
            outcome.error = QStringLiteral("No local size fits the global size %1 within the "
                                           "kernel's limits.")
                                .arg(RunRecord::sizeText(launch.global));
        } else {
            outcome.errorWhere = QStringLiteral("launch %1").arg(qs(launch.kernel));
            outcome.error = sweep.points.front().error;
        }
        outcome.sweep = std::move(sweep);
    }
    progress(QStringLiteral("Done"), total, total);
    collectSources(state, outcome);
    return outcome;
}

std::vector<std::vector<std::uint64_t>> sweepLocalSizes(const std::vector<std::uint64_t>& global,
                                                        const engine::KernelLimits& limits,
                                                        const engine::KernelSignature& signature,
                                                        size_t cap) {
    std::vector<std::vector<std::uint64_t>> sizes;
    if (global.empty())
        return sizes;
    if (signature.reqdWorkGroupSize[0] != 0) {
        sizes.push_back(std::vector<std::uint64_t>(signature.reqdWorkGroupSize.begin(),
                                                   signature.reqdWorkGroupSize.begin() +
                                                       std::ptrdiff_t(global.size())));
        return sizes;
    }
    const size_t maxGroup = limits.maxWorkGroupSize();
    std::vector<std::vector<std::uint64_t>> divisors(global.size());
    for (size_t d = 0; d < global.size(); ++d) {
        const std::uint64_t itemLimit =
            d < limits.maxWorkItemSizes.size() ? limits.maxWorkItemSizes[d] : maxGroup;
        for (std::uint64_t v = 1; v <= std::min<std::uint64_t>(global[d], itemLimit); ++v)
            if (global[d] % v == 0)
                divisors[d].push_back(v);
    }
    std::vector<std::uint64_t> current(global.size(), 1);
    std::function<void(size_t, std::uint64_t)> walk = [&](size_t d, std::uint64_t product) {
        if (d == global.size()) {
            sizes.push_back(current);
            return;
        }
        for (std::uint64_t v : divisors[d]) {
            if (product * v > maxGroup)
                break;
            current[d] = v;
            walk(d + 1, product * v);
        }
    };
    walk(0, 1);
    if (sizes.size() > cap) {
        // Keep the largest work-groups (where the interesting differences are) and spread the
        // rest evenly.
        std::stable_sort(sizes.begin(), sizes.end(), [](const auto& a, const auto& b) {
            std::uint64_t pa = 1, pb = 1;
            for (auto v : a)
                pa *= v;
            for (auto v : b)
                pb *= v;
            return pa > pb;
        });
        std::vector<std::vector<std::uint64_t>> kept;
        for (size_t i = 0; i < cap; ++i)
            kept.push_back(sizes[i * sizes.size() / cap]);
        sizes = std::move(kept);
    }
    return sizes;
}

} // namespace clw::ui
