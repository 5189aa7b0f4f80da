package dev.arbor.scxml;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;
import javax.xml.XMLConstants;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.parsers.SAXParser;
import javax.xml.parsers.SAXParserFactory;
import org.xml.sax.Attributes;
import org.xml.sax.InputSource;
import org.xml.sax.Locator;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * Hardened XML reading with the JDK's parser: namespace-aware, DOCTYPE refused (so no entity
 * expansion and no DTD loading), no external entities or stylesheets, XInclude off, secure
 * processing on, and bounded size, depth and element count. Every problem names file, line, column.
 */
final class XmlReader {
    static final int MAX_BYTES = 4 * 1024 * 1024;
    static final int MAX_DEPTH = 200;
    static final int MAX_ELEMENTS = 200_000;

    private XmlReader() {
    }

    static El read(byte[] bytes, String file) {
        if (bytes.length > MAX_BYTES) {
            throw new ScxmlException(file, 0, 0, "document too large: " + bytes.length + " bytes (at most " + MAX_BYTES + ")");
        }
        Handler handler = new Handler(file);
        try {
            SAXParser parser = factory().newSAXParser();
            parser.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            parser.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
            InputSource in = new InputSource(new ByteArrayInputStream(bytes));
            in.setSystemId(null);
            parser.parse(in, handler);
        } catch (SAXParseException e) {
            throw new ScxmlException(file, e.getLineNumber(), e.getColumnNumber(), e.getMessage());
        } catch (ScxmlLimit e) {
            throw new ScxmlException(file, e.line, e.column, e.getMessage());
        } catch (SAXException | ParserConfigurationException | IOException e) {
            throw new ScxmlException(file, 0, 0, "unreadable XML: " + e.getMessage());
        }
        if (handler.root == null) {
            throw new ScxmlException(file, 1, 1, "no root element");
        }
        return handler.root;
    }

    private static SAXParserFactory factory() throws ParserConfigurationException, SAXException {
        SAXParserFactory f = SAXParserFactory.newInstance();
        f.setNamespaceAware(true);
        f.setValidating(false);
        f.setXIncludeAware(false);
        f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        f.setFeature("http://xml.org/sax/features/external-general-entities", false);
        f.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
        f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        return f;
    }

    /** A limit broken while parsing, carried out of the SAX callbacks with its position. */
    private static final class ScxmlLimit extends SAXException {
        private static final long serialVersionUID = 1L;
        final int line;
        final int column;

        ScxmlLimit(String message, Locator at) {
            super(message);
            this.line = at == null ? 0 : at.getLineNumber();
            this.column = at == null ? 0 : at.getColumnNumber();
        }
    }

    private static final class Handler extends DefaultHandler {
        private final String file;
        private final Deque<El> open = new ArrayDeque<>();
        /** The text of the innermost open element since its last child element started or ended. */
        private final StringBuilder text = new StringBuilder();
        private Locator locator;
        private El root;
        private int count;

        Handler(String file) {
            this.file = file;
        }

        @Override
        public void setDocumentLocator(Locator locator) {
            this.locator = locator;
        }

        @Override
        public void startElement(String uri, String localName, String qName, Attributes atts) throws SAXException {
            if (open.size() >= MAX_DEPTH) {
                throw new ScxmlLimit("elements nested deeper than " + MAX_DEPTH, locator);
            }
            if (++count > MAX_ELEMENTS) {
                throw new ScxmlLimit("more than " + MAX_ELEMENTS + " elements", locator);
            }
            El e = new El(uri, localName, file, locator == null ? 0 : locator.getLineNumber(),
                    locator == null ? 0 : locator.getColumnNumber());
            for (int i = 0; i < atts.getLength(); i++) {
                String ns = atts.getURI(i);
                if (ns == null || ns.isEmpty()) {
                    e.attrs.put(atts.getLocalName(i), atts.getValue(i));
                }
            }
            if (open.isEmpty()) {
                root = e;
            } else {
                flushText();
                open.peek().children.add(e);
            }
            open.push(e);
        }

        @Override
        public void endElement(String uri, String localName, String qName) {
            flushText();
            open.pop();
        }

        /**
         * Text arrives in many pieces (one per entity or character reference): it is gathered in
         * one builder and becomes a single child string when an element starts or ends, so that
         * reading is linear in the document's size.
         */
        @Override
        public void characters(char[] ch, int start, int length) {
            if (!open.isEmpty()) {
                text.append(ch, start, length);
            }
        }

        private void flushText() {
            if (text.length() > 0) {
                open.peek().children.add(text.toString());
                text.setLength(0);
            }
        }

        @Override
        public InputSource resolveEntity(String publicId, String systemId) throws SAXException {
            throw new ScxmlLimit("external entity refused: " + systemId, locator);
        }
    }
}
