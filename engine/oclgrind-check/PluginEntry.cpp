// The two functions Oclgrind looks up in a plugin library it loads (OCLGRIND_PLUGINS), called
// once per OpenCL context.
#include "CheckPlugin.h"

#include <oclgrind/Context.h>

#include <cstdlib>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>

namespace {

std::mutex pluginsMutex;
std::map<const oclgrind::Context*, std::unique_ptr<clw::oclgrind_check::CheckPlugin>> plugins;

// The watch CLW_WATCH asks for (a WatchRequest as JSON), written to CLW_WATCH_OUTPUT; none
// when unset. The workbench checks the request before it starts a run: one that does not read
// here is said on standard error, where the host's last words are kept.
std::unique_ptr<clw::oclgrind_check::VariableWatch> watchOfEnvironment() {
    const char* request = std::getenv("CLW_WATCH");
    const char* output = std::getenv("CLW_WATCH_OUTPUT");
    if (!request || !output)
        return {};
    try {
        clw::engine::WatchRequest watch =
            clw::engine::watchRequestFromJson(nlohmann::json::parse(request));
        std::string problem;
        auto expression = clw::engine::parseWatchExpression(watch.expression, problem);
        if (!expression)
            throw std::runtime_error(problem);
        return std::make_unique<clw::oclgrind_check::VariableWatch>(std::move(watch),
                                                                    std::move(*expression), output);
    } catch (const std::exception& error) {
        std::cerr << "clw_oclgrind_check: CLW_WATCH: " << error.what() << std::endl;
        return {};
    }
}

} // namespace

extern "C" {

void initializePlugins(oclgrind::Context* context) {
    auto watch = watchOfEnvironment();
    auto debug = clw::oclgrind_check::DebugSession::fromEnvironment();
    // Oclgrind drops a program's llvm.dbg intrinsics, which say where each variable lives,
    // unless OCLGRIND_INTERACTIVE is set when it builds (and then builds at -O0 too). Set after
    // this context chose its plugins, so that its interactive debugger (which would read the
    // host's standard input) is not loaded; taken back when a kernel starts (CheckPlugin), so
    // that a later context does not load it either.
    if (watch || debug)
        ::setenv("OCLGRIND_INTERACTIVE", "1", 1);
    const char* findings = std::getenv("CLW_CHECK_FINDINGS");
    const char* progress = std::getenv("CLW_CHECK_PROGRESS");
    auto plugin = std::make_unique<clw::oclgrind_check::CheckPlugin>(
        context, findings ? findings : "", progress ? progress : "", std::move(watch),
        std::move(debug));
    context->registerPlugin(plugin.get());
    const std::lock_guard lock(pluginsMutex);
    plugins[context] = std::move(plugin);
}

void releasePlugins(oclgrind::Context* context) {
    const std::lock_guard lock(pluginsMutex);
    const auto it = plugins.find(context);
    if (it == plugins.end())
        return;
    context->unregisterPlugin(it->second.get());
    plugins.erase(it);
}

} // extern "C"
