// The two functions Oclgrind looks up in a plugin library it loads (OCLGRIND_PLUGINS), called
// once per OpenCL context.
#include "CheckPlugin.h"

#include <oclgrind/Context.h>

#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>

namespace {

std::mutex pluginsMutex;
std::map<const oclgrind::Context*, std::unique_ptr<clw::oclgrind_check::CheckPlugin>> plugins;

} // namespace

extern "C" {

void initializePlugins(oclgrind::Context* context) {
    const char* findings = std::getenv("CLW_CHECK_FINDINGS");
    const char* progress = std::getenv("CLW_CHECK_PROGRESS");
    auto plugin = std::make_unique<clw::oclgrind_check::CheckPlugin>(
        context, findings ? findings : "", progress ? progress : "");
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
