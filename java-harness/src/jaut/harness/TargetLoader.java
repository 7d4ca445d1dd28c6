package jaut.harness;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The class loader of one replay: the program's classes from its class path,
 * one of them with the method under test instrumented, over the JDK (the
 * platform loader). The harness and ASM stay invisible to the program, except
 * {@link Probe}, which instrumented code calls.
 *
 * <p>Each replay gets a fresh loader, so static fields and class
 * initialisation never leak from one replay to the next; class bytes (and
 * instrumented bytes) are cached across replays in {@link Sources}.
 */
final class TargetLoader extends ClassLoader {
    private final Sources sources;
    private final String instrumented;
    private final byte[] instrumentedBytes;

    TargetLoader(Sources sources, String instrumented, byte[] instrumentedBytes) {
        super("jaut-replay", ClassLoader.getPlatformClassLoader());
        this.sources = sources;
        this.instrumented = instrumented;
        this.instrumentedBytes = instrumentedBytes;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (name.equals("jaut.harness.Probe")) {
            return Probe.class;
        }
        if (name.equals("jaut.harness.MockCalls")) {
            return MockCalls.class;
        }
        return super.loadClass(name, resolve);
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
        byte[] b = name.equals(instrumented) ? instrumentedBytes : sources.bytes(name);
        if (b == null) {
            throw new ClassNotFoundException(name);
        }
        return defineClass(name, b, 0, b.length);
    }

    /** Defines a class jaut made (a mock's subclass, {@link MockClass}). */
    Class<?> define(String name, byte[] b) {
        return defineClass(name, b, 0, b.length);
    }

    @Override
    protected URL findResource(String name) {
        return sources.files.findResource(name);
    }

    @Override
    protected Enumeration<URL> findResources(String name) throws IOException {
        return sources.files.findResources(name);
    }

    /** The program's class path, read once per run. */
    static final class Sources {
        /** Used only to find files; never to define classes. */
        final URLClassLoader files;

        private final Map<String, byte[]> cache = new HashMap<>();

        Sources(String classPath) {
            List<URL> urls = new ArrayList<>();
            for (String entry : classPath.split(File.pathSeparator)) {
                if (entry.isEmpty()) {
                    continue;
                }
                try {
                    urls.add(new File(entry).toURI().toURL());
                } catch (MalformedURLException e) {
                    throw new IllegalArgumentException("class path entry " + entry + ": " + e.getMessage());
                }
            }
            files = new URLClassLoader(urls.toArray(new URL[0]), null);
        }

        /** The class file of a binary name, or null. */
        synchronized byte[] bytes(String name) {
            if (cache.containsKey(name)) {
                return cache.get(name);
            }
            byte[] b = null;
            URL url = files.findResource(name.replace('.', '/') + ".class");
            if (url != null) {
                try (InputStream in = url.openStream()) {
                    ByteArrayOutputStream out = new ByteArrayOutputStream();
                    in.transferTo(out);
                    b = out.toByteArray();
                } catch (IOException e) {
                    b = null;
                }
            }
            cache.put(name, b);
            return b;
        }
    }
}
