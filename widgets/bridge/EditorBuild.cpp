#include "bridge/EditorBuild.h"

#include "bridge/BuildTargets.h"
#include "bridge/JobContext.h"

#include "clw/engine/build/BuildService.h"

#include <future>

namespace clw::ui {

namespace {
engine::SourceSet toSourceSet(const BuildSources& sources) {
    engine::SourceSet set;
    for (const BuildSourceFile& file : sources.files)
        set.files.push_back({file.name.toStdString(), file.text.toStdString()});
    set.mainFile = sources.mainFile.toStdString();
    for (const QString& dir : sources.includeDirs)
        set.includeDirs.push_back(dir.toStdString());
    return set;
}
} // namespace

BuildReport runEditorBuild(BuildTargets& targets, engine::BuildService& service,
                           const BuildInput& input, const JobContext& job) {
    BuildReport report;
    report.mainFile = input.sources.mainFile;
    const std::vector<BuildTargets::Group> groups = targets.resolve(input.devices);
    if (job.isCancelled())
        return report;
    const engine::SourceSet sources = toSourceSet(input.sources);
    std::vector<std::future<engine::BuildOutcome>> outcomes;
    for (size_t i = 0; i < groups.size(); ++i) {
        engine::BuildRequest request;
        request.context = groups[i].context;
        request.devices = groups[i].devices;
        request.sources = sources;
        request.options = input.options.toStdString();
        request.tag = input.tag.toStdString() + "#" + std::to_string(i);
        request.store = input.store;
        outcomes.push_back(service.submit(std::move(request)));
    }
    for (auto& outcome : outcomes)
        appendOutcome(report, outcome.get());
    return report;
}

} // namespace clw::ui
