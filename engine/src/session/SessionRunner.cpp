#include "clw/engine/session/SessionRunner.h"

#include "clw/engine/launch/LaunchCapture.h"

#include "SessionMemoryTypes.h"

#include "clw/engine/build/BuildService.h"
#include "clw/engine/launch/LaunchService.h"
#include "clw/engine/launch/PreprocessorOptions.h"
#include "clw/engine/launch/SignatureReader.h"
#include "clw/engine/runtime/ClError.h"
#include "clw/engine/runtime/Kernel.h"
#include "clw/engine/session/SessionError.h"
#include "clw/engine/session/SessionResources.h"

#include <memory>
#include <optional>

namespace clw::engine {

namespace {

std::string joined(const std::vector<std::string>& names) {
    std::string text;
    for (const std::string& name : names)
        text += (text.empty() ? "" : ", ") + name;
    return text.empty() ? "none" : text;
}

// The build's diagnostics, one formatted line each, or the raw log where none was recognised.
std::string buildReport(const DeviceBuildOutcome& outcome) {
    std::string report;
    for (const Diagnostic& diagnostic : outcome.diagnostics)
        report += formatDiagnostic(diagnostic) + "\n";
    return report.empty() ? outcome.log : report;
}

} // namespace

SessionRunner::SessionRunner(Session session, std::filesystem::path folder, BuildService* builds)
    : m_session(std::move(session))
    , m_folder(std::move(folder))
    , m_builds(builds) {}

std::vector<std::string> SessionRunner::includeFolderWarnings() const {
    std::vector<std::string> warnings;
    std::error_code ignored;
    for (const std::string& dir : m_session.sources.includeDirs) {
        const std::filesystem::path path(dir);
        const std::filesystem::path full =
            path.is_relative() ? (m_folder / path).lexically_normal() : path;
        if (!std::filesystem::is_directory(full, ignored))
            warnings.push_back("sources.includeDirs: the folder '" + dir + "' (" + full.string() +
                               ") does not exist; no header is looked for there");
    }
    for (const std::string& dir :
         PreprocessorOptions::fromBuildOptions(m_session.options).includeDirs)
        if (!std::filesystem::is_directory(dir, ignored))
            warnings.push_back("options: -I " + dir +
                               ": the folder does not exist; no header is looked for there");
    return warnings;
}

SessionRun SessionRunner::run(const Device& device, const StepFn& step) const {
    return runUpTo(device, step, nullptr, 0);
}

CapturedLaunch SessionRunner::capture(const Device& device, std::size_t launch,
                                      const StepFn& step) const {
    if (launch >= m_session.launches.size())
        throw SessionError("the session has no launch " + std::to_string(launch + 1) + " (it has " +
                           std::to_string(m_session.launches.size()) + ")");
    CapturedLaunch captured;
    runUpTo(device, step, &captured, launch);
    return captured;
}

SessionRun SessionRunner::runUpTo(const Device& device, const StepFn& step,
                                  CapturedLaunch* captured, std::size_t captureAt) const {
    const auto tell = [&step](const std::string& what) {
        if (step)
            step(what);
    };
    SessionRun run;
    run.device = device;
    if (m_session.sources.files.empty())
        throw SessionError("the session has no source file to build");
    tell("creating a context on `" + device.name() + "`");
    Context context;
    try {
        context = Context(device);
    } catch (const ClError& error) {
        throw SessionError("creating a context on " + device.name() + ": " + error.what());
    }

    // The build.
    BuildRequest request;
    request.context = context;
    request.devices = {device};
    request.sources = m_session.sources;
    for (std::string& dir : request.sources.includeDirs) {
        const std::filesystem::path path(dir);
        if (path.is_relative())
            dir = (m_folder / path).lexically_normal().string();
    }
    // Launches read each kernel's signature from the driver's argument info, which a program
    // loaded from the binary cache only has when it was built with -cl-kernel-arg-info (it has
    // no source to parse either).
    request.options = m_session.options;
    if (request.options.find("-cl-kernel-arg-info") == std::string::npos)
        request.options += std::string(request.options.empty() ? "" : " ") + "-cl-kernel-arg-info";
    std::optional<BuildService> own;
    BuildService* builds = m_builds;
    if (!builds)
        builds = &own.emplace();
    const SourceFile* main = m_session.sources.main();
    tell("building `" + (main ? main->name : std::string("the session's sources")) + "`");
    const BuildOutcome outcome = builds->build(request);
    if (!outcome.error.empty())
        throw SessionError("the build: " + outcome.error);
    const DeviceBuildOutcome* built = outcome.forDevice(device);
    if (!built)
        throw SessionError("the build gave no result for " + device.name());
    run.buildLog = built->log;
    run.buildTimings = outcome.timings;
    run.buildFromCache = built->fromCache;
    if (!built->ok)
        throw SessionError("the build failed on " + device.name() + " with " +
                           errorName(built->code) + ":\n" + buildReport(*built));
    run.built = true;
    const Program program = built->program;

    // The buffers and their contents. The service goes before the resources (declared after
    // them): it waits for its commands, which use them.
    tell("creating the buffers");
    std::unique_ptr<SessionResources> resources;
    try {
        resources = std::make_unique<SessionResources>(context, m_session, m_folder);
    } catch (const ClError& error) {
        throw SessionError(std::string("creating the buffers: ") + error.what());
    }
    LaunchService service(context, device);
    run.uploads = resources->initialize(service, &run.warnings);
    for (size_t i = 0; i < run.uploads.size(); ++i) {
        const auto& [name, result] = run.uploads[i];
        if (!result.ok)
            throw SessionError(detail::bufferLabel(m_session.buffers[i]) +
                               ": writing its initial contents: " + result.error);
    }

    // The launches, in order.
    for (std::size_t index = 0; index < m_session.launches.size(); ++index) {
        const SessionLaunch& launch = m_session.launches[index];
        const std::string label = detail::launchLabel(launch);
        tell("running `" + (launch.name.empty() ? launch.kernel : launch.name) + "`");
        Kernel kernel;
        KernelSignature signature;
        try {
            kernel = Kernel(program, launch.kernel);
            signature = readSignature(kernel, device);
            // A program from the binary cache has no source: its typedef'd arguments are typed
            // from the sources it was built from, with the same options.
            resolveFromSource(signature, request.sources,
                              BuildService::effectiveOptions(request.options));
        } catch (const ClError& error) {
            if (error.code() == CL_INVALID_KERNEL_NAME)
                throw SessionError(label + ": the program has no kernel '" + launch.kernel +
                                   "'; its kernels: " + joined(program.kernelNames()));
            throw SessionError(label + ": " + error.what());
        }
        if (launch.repeat < 1)
            throw SessionError(label + ": `repeat` is " + std::to_string(launch.repeat) +
                               "; run it at least once");
        LaunchRequest launchRequest;
        launchRequest.program = program;
        launchRequest.kernelName = launch.kernel;
        launchRequest.signature = signature;
        launchRequest.arguments = resources->arguments(launch, signature, &run.warnings);
        launchRequest.geometry = sessionGeometry(launch);
        launchRequest.repeat = launch.repeat;
        if (captured && index == captureAt) {
            service.finish(); // the launches before it have written what it reads
            try {
                *captured = LaunchCapture::capture(service.queue(), launchRequest, request.sources,
                                                   request.options);
            } catch (const ClError& error) {
                throw SessionError(label + ": capturing it: " + error.what());
            }
            return run;
        }
        LaunchResult result = service.launch(std::move(launchRequest)).get();
        if (!result.ok)
            throw SessionError(label + ": " + result.error);
        run.launches.push_back({launch.name.empty() ? launch.kernel : launch.name, result});
    }

    // What the launches left.
    tell("reading the buffers back");
    service.finish();
    for (const SessionBuffer& buffer : m_session.buffers) {
        if (!buffer.output)
            continue;
        try {
            run.outputs.emplace_back(buffer.name, resources->read(buffer.name, service.queue()));
        } catch (const ClError& error) {
            throw SessionError(detail::bufferLabel(buffer) + ": reading it back: " + error.what());
        }
    }
    return run;
}

} // namespace clw::engine
